/**
 * @module The per-request cost of authentication: req/s of a 100-entry folder listing under wrk (c=16, 2 threads,
 * median of 3 runs of 5 s) with a login token (signature check plus the cached session check), beside the same
 * binary in --noauth mode (no check at all) in the same run. `--before PATH` adds another binary (an older
 * build) measured the same way, for before/after figures.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary, type BenchServer } from "./bench-server";

const ENTRIES = 100;
const RUNS = 3;
const SECONDS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median req/s of wrk against `url` with `headers`. */
async function wrk(url: string, headers: Record<string, string>): Promise<number> {
  const rates: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const args = [
      "wrk",
      "-t2",
      "-c16",
      `-d${SECONDS}s`,
      ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
      url,
    ];
    const p = Bun.spawn(args, { stdout: "pipe", stderr: "inherit" });
    const text = await new Response(p.stdout).text();
    if ((await p.exited) !== 0) throw new Error(`wrk failed:\n${text}`);
    if (/Non-2xx/.test(text)) throw new Error(`wrk saw errors:\n${text}`);
    rates.push(Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0));
  }
  return median(rates);
}

/** Stops a benchmark server and waits for it to exit. */
async function stop(server: BenchServer): Promise<void> {
  server.proc.kill("SIGTERM");
  await server.proc.exited;
}

/** Listing req/s of `binary` with a login token and in --noauth mode. */
async function measure(binary: string, home: string, root: string): Promise<{ token: number; noauth: number }> {
  const authed = await startBinary(binary, root, home);
  const withToken = await wrk(`${authed.url}/api/resources/small/`, { "X-Auth": await benchLogin(authed.url) });
  await stop(authed);
  const open = await startBinary(binary, root, home, ["--noauth"]);
  const noauth = await wrk(`${open.url}/api/resources/small/`, {});
  await stop(open);
  return { token: withToken, noauth };
}

/** Runs the benchmark and returns printable rows. */
export async function benchSessionCheck(before?: string): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-auth-"));
  const root = join(home, "files");
  mkdirSync(join(root, "small"), { recursive: true });
  for (let i = 0; i < ENTRIES; i++) writeFileSync(join(root, "small", `f-${i}.txt`), "x");
  try {
    const rows = [`list ${ENTRIES} entries, wrk c=16, median of ${RUNS} x ${SECONDS} s (higher is better)`];
    const now = await measure(BINARY, home, root);
    rows.push(`  this build, login token        ${now.token.toFixed(0)} req/s`);
    rows.push(`  this build, --noauth (no check) ${now.noauth.toFixed(0)} req/s`);
    rows.push(`  ratio token / no check         ${(now.token / now.noauth).toFixed(2)}`);
    if (before) {
      const old = await measure(before, home, root);
      rows.push(`  before (${before}), login token ${old.token.toFixed(0)} req/s`);
      rows.push(`  before, --noauth               ${old.noauth.toFixed(0)} req/s`);
      rows.push(`  ratio this / before, token     ${(now.token / old.token).toFixed(2)}`);
    }
    return rows;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const i = process.argv.indexOf("--before");
  for (const line of await benchSessionCheck(i > 0 ? process.argv[i + 1] : undefined)) console.log(line);
}
