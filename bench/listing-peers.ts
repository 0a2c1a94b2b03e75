/**
 * @module The peers of the listing benchmark (nginx and caddy from Debian, started from the configs in bench/ on a
 * free port) and the load generator (wrk) it measures all three with.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A running peer server: its origin (no trailing slash) and how to stop it. */
export interface Peer {
  name: string;
  url: string;
  stop: () => Promise<void>;
}

/** The path of `tool` on this machine (/usr/sbin, /usr/bin), or null when it is not installed. */
export function toolPath(tool: string): string | null {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/bin"])
    if (existsSync(join(dir, tool))) return join(dir, tool);
  return null;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, "127.0.0.1", ok));
  const port = (srv.address() as { port: number }).port;
  await new Promise((ok) => srv.close(ok));
  return port;
}

async function waitUp(url: string, proc: ReturnType<typeof Bun.spawn>, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode})`);
    try {
      await fetch(url, { method: "HEAD" });
      return;
    } catch {
      await Bun.sleep(50);
    }
  }
  throw new Error(`${name} did not start`);
}

function fillConfig(file: string, values: Record<string, string>): string {
  let text = readFileSync(join(import.meta.dir, file), "utf8");
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(k, v);
  return text;
}

/** Starts nginx serving `root` with bench/listing-nginx.conf; null when nginx is not installed. */
export async function startNginx(root: string): Promise<Peer | null> {
  const bin = toolPath("nginx");
  if (!bin) return null;
  const prefix = mkdtempSync(join(tmpdir(), "fbe-bench-nginx-"));
  const port = await freePort();
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, fillConfig("listing-nginx.conf", { ROOT: root, PORT: String(port), PREFIX: prefix }));
  const proc = Bun.spawn([bin, "-c", conf, "-p", prefix, "-e", join(prefix, "error.log"), "-g", "daemon off;"], {
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url, proc, "nginx");
  return { name: "nginx", url, stop: () => stopProc(proc, prefix) };
}

/** Starts caddy serving `root` with bench/listing.Caddyfile; null when caddy is not installed. */
export async function startCaddy(root: string): Promise<Peer | null> {
  const bin = toolPath("caddy");
  if (!bin) return null;
  const prefix = mkdtempSync(join(tmpdir(), "fbe-bench-caddy-"));
  mkdirSync(join(prefix, "data"));
  const port = await freePort();
  const conf = join(prefix, "Caddyfile");
  writeFileSync(conf, fillConfig("listing.Caddyfile", { ROOT: root, PORT: String(port) }));
  const env = {
    ...process.env,
    HOME: prefix,
    XDG_DATA_HOME: join(prefix, "data"),
    XDG_CONFIG_HOME: join(prefix, "data"),
  };
  const proc = Bun.spawn([bin, "run", "--config", conf, "--adapter", "caddyfile"], {
    stdout: "ignore",
    stderr: "ignore",
    env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url, proc, "caddy");
  return { name: "caddy", url, stop: () => stopProc(proc, prefix) };
}

async function stopProc(proc: ReturnType<typeof Bun.spawn>, prefix: string): Promise<void> {
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(prefix, { recursive: true, force: true });
}

/**
 * Requests per second `wrk -t2 -c16 -d<seconds>s` reaches on `url` with `headers`; throws when wrk fails or saw
 * non-2xx answers (a server that answers errors fast is not a figure).
 */
export async function wrkRps(url: string, headers: Record<string, string>, seconds = 10): Promise<number> {
  const h = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const p = Bun.spawn(["wrk", "-t2", "-c16", `-d${seconds}s`, "--timeout", "30s", ...h, url], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`wrk failed: ${await new Response(p.stderr).text()}`);
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw errors on ${url}:\n${out}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
}
