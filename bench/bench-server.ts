/** @module A built fbe binary run by the benchmarks: started on port 0, logged into, its memory read from /proc. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The admin password every benchmark server is started with. */
export const BENCH_PASSWORD = "bench-password-1";

/** A running benchmark server. */
export interface BenchServer {
  proc: ReturnType<typeof Bun.spawn>;
  /** Origin of the server, e.g. http://0.0.0.0:40123 (no trailing slash). */
  url: string;
}

/**
 * Spawns `binary` serving `root` with its database in `home`, logging off, plus `extraFlags` (e.g. --noauth), and
 * resolves once it printed (`env` adds environment variables, e.g. FBE_HLS_IDLE_MS)
 * `listening on http://...`. Throws with the output when the process ends before that.
 */
export async function startBinary(
  binary: string,
  root: string,
  home: string,
  extraFlags: string[] = [],
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const flags = [
    "-p",
    "0",
    "-a",
    "127.0.0.1",
    "-r",
    root,
    "-d",
    join(home, "fbe.db"),
    "--password",
    BENCH_PASSWORD,
    "--log",
    "off",
    ...extraFlags,
  ];
  const proc = Bun.spawn([binary, ...flags], {
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let out = "";
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server did not start:\n${out}`);
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { proc, url: /listening on (http:\/\/\S+)/.exec(out)![1].replace(/\/$/, "") };
}

/** Logs in as admin through POST /api/login and returns the token. Throws on a non-200 answer. */
export async function benchLogin(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin", password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.text();
}

/** A KiB field (VmRSS, RssAnon, RssFile) of /proc/<pid>/status (proc(5)); 0 when absent. Linux only. */
function statusKb(pid: number, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0);
}

/** Resident set size of process `pid` in KiB (VmRSS of /proc/<pid>/status; Linux only). */
export function rssKb(pid: number): number {
  return statusKb(pid, "VmRSS");
}

/**
 * The resident set of process `pid` split, in KiB: anonymous memory (heaps, buffers) and file-backed pages (the
 * executable's code and mapped files, which the kernel may drop and read again). Linux only.
 */
export function rssSplitKb(pid: number): { anon: number; file: number } {
  return { anon: statusKb(pid, "RssAnon"), file: statusKb(pid, "RssFile") };
}

/**
 * Downloads `url` with curl to /dev/null (`headers` as given); returns seconds taken and bytes received.
 * Throws when curl fails or the answer is not 2xx.
 */
export async function curlDownload(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ s: number; bytes: number }> {
  const h = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const p = Bun.spawn(["curl", "-sS", "-f", "-o", "/dev/null", ...h, "-w", "%{size_download}", url], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const t = performance.now();
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`curl ${url} failed`);
  return { s: (performance.now() - t) / 1000, bytes: Number(out) };
}
