/**
 * @module The reference servers of the speed benchmarks, from Debian's packages: nginx (sendfile, WebDAV PUT for
 * uploads, JSON autoindex) and caddy (file_server with browse), each serving a folder on a free loopback port with
 * the configs in bench/peers/. Absent tools give null, so the bench prints what it could measure.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** A running reference server. */
export interface Peer {
  name: "nginx" | "caddy";
  /** Origin, e.g. http://127.0.0.1:40123 */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Fills a template of bench/peers/ ({{KEY}} placeholders) into `work`; returns the written file. */
function config(template: string, work: string, values: Record<string, string>): string {
  let text = readFileSync(join(import.meta.dir, "peers", template), "utf8");
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{{${k}}}`, v);
  const out = join(work, template);
  writeFileSync(out, text);
  return out;
}

/** Waits until `url` answers (any status), up to 5 s. */
async function ready(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await Bun.sleep(50);
    }
  }
  throw new Error(`${url} did not answer`);
}

/** Starts nginx serving `root` (uploads by PUT under /dav/ land in `root`); null when nginx is not installed. */
export async function startNginx(root: string, work: string): Promise<Peer | null> {
  const bin = Bun.which("nginx") ?? (Bun.which("nginx", { PATH: "/usr/sbin" }) || null);
  if (!bin) return null;
  const dir = join(work, "nginx");
  mkdirSync(join(dir, "tmp"), { recursive: true });
  const port = await freePort();
  const conf = config("nginx.conf", dir, { PORT: String(port), ROOT: root, WORK: dir });
  const proc = Bun.spawn([bin, "-c", conf, "-p", dir], { stdout: "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  await ready(url);
  return { name: "nginx", url, pid: proc.pid, stop: async () => void (proc.kill("SIGTERM"), await proc.exited) };
}

/** Starts caddy serving `root`; null when caddy is not installed. */
export async function startCaddy(root: string, work: string): Promise<Peer | null> {
  const bin = Bun.which("caddy");
  if (!bin) return null;
  const dir = join(work, "caddy");
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = config("Caddyfile", dir, { PORT: String(port), ROOT: root });
  const proc = Bun.spawn([bin, "run", "--config", conf, "--adapter", "caddyfile"], {
    stdout: "ignore",
    stderr: "ignore",
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  });
  const url = `http://127.0.0.1:${port}`;
  await ready(url);
  return { name: "caddy", url, pid: proc.pid, stop: async () => void (proc.kill("SIGTERM"), await proc.exited) };
}
