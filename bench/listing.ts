/**
 * @module Listing figures beside nginx and caddy (ISSUE 14): 10k-entry folder at wrk c=16 (req/s, median of 3),
 * one request for a 100k-entry folder (ms, median of 3; fbe also right after a change), and the latency of 1 MiB
 * Range reads while fbe builds a 100k listing. Data: flat folders under $FBE_BENCH_DATA (/work/bench-data).
 */
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, rssKb, startBinary } from "./bench-server";
import { machineNote, median } from "./bench-stats";
import { startCaddy, startNginx, toolPath, wrkRps, type Peer } from "./listing-peers";

const SIZES = [10_000, 100_000];
const RANGE_FILE_MIB = 64;

/** Creates (once) the flat folders and the file read by Range requests; returns the root the servers serve. */
export function listingData(): string {
  const root = join(process.env.FBE_BENCH_DATA ?? "/work/bench-data", "listing");
  mkdirSync(root, { recursive: true });
  for (const n of SIZES) {
    const dir = join(root, `flat-${n}`);
    if (existsSync(`${dir}.done`)) continue;
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < n; i++) writeFileSync(join(dir, `file-${String(i).padStart(6, "0")}.txt`), "x".repeat(i % 200));
    writeFileSync(`${dir}.done`, "");
  }
  const range = join(root, "range.bin");
  if (!existsSync(range)) {
    const fd = openSync(range, "w");
    const block = new Uint8Array(1 << 20).map((_, i) => i * 31);
    for (let i = 0; i < RANGE_FILE_MIB; i++) writeSync(fd, block);
    closeSync(fd);
  }
  return root;
}

interface Target {
  name: string;
  /** URL of a folder by name ("flat-10000"). */
  folder: (name: string) => string;
  headers: Record<string, string>;
}

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

async function figures(t: Target): Promise<{ rps: number; ms: number }> {
  await timedGet(t.folder("flat-10000"), t.headers);
  const rps = median([await wrkRps(t.folder("flat-10000"), t.headers), await wrkRps(t.folder("flat-10000"), t.headers), await wrkRps(t.folder("flat-10000"), t.headers)]);
  const ms = median([await timedGet(t.folder("flat-100000"), t.headers), await timedGet(t.folder("flat-100000"), t.headers), await timedGet(t.folder("flat-100000"), t.headers)]);
  return { rps, ms };
}

/** A change in the 100k folder (one file created and removed): the next listing has to read the folder again. */
function stir(root: string): void {
  const f = join(root, "flat-100000", "stir.tmp");
  writeFileSync(f, "");
  unlinkSync(f);
}

/** fbe's own figures: cold 100k time after a change, and Range read latency (max, median of 3) during it. */
async function fbeExtras(root: string, t: Target, rangeUrl: string): Promise<{ coldMs: number; rangeMaxMs: number }> {
  const cold: number[] = [];
  const worst: number[] = [];
  for (let run = 0; run < 3; run++) {
    stir(root);
    await Bun.sleep(300);
    let done = false;
    const listing = timedGet(t.folder("flat-100000"), t.headers).then((ms) => ((done = true), ms));
    await Bun.sleep(20);
    let max = 0;
    while (!done) {
      const off = Math.floor(Math.random() * (RANGE_FILE_MIB - 1)) << 20;
      const s = performance.now();
      const res = await fetch(rangeUrl, { headers: { ...t.headers, Range: `bytes=${off}-${off + (1 << 20) - 1}` } });
      await res.arrayBuffer();
      if (res.status !== 206) throw new Error(`range read answered ${res.status}`);
      max = Math.max(max, performance.now() - s);
    }
    cold.push(await listing);
    worst.push(max);
  }
  return { coldMs: median(cold), rangeMaxMs: median(worst) };
}

async function benchFbe(binary: string, label: string, root: string, rows: string[]): Promise<{ rps: number; ms: number }> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-list-"));
  const { proc, url } = await startBinary(binary, root, home);
  try {
    const token = await benchLogin(url);
    const t: Target = { name: label, folder: (n) => `${url}/api/resources/${n}/`, headers: { "X-Auth": token } };
    const f = await figures(t);
    const x = await fbeExtras(root, t, `${url}/api/raw/range.bin`);
    const gz = await wrkRps(t.folder("flat-10000"), { ...t.headers, "Accept-Encoding": "gzip" });
    rows.push(`${label}: 10k ${f.rps.toFixed(0)} req/s (gzip ${gz.toFixed(0)}), 100k ${f.ms.toFixed(0)} ms (after a change ${x.coldMs.toFixed(0)} ms), 1 MiB Range during a 100k listing max ${x.rangeMaxMs.toFixed(1)} ms, RSS ${(rssKb(proc.pid) / 1024).toFixed(0)} MiB`);
    return f;
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
}

async function benchPeer(start: (root: string) => Promise<Peer | null>, root: string, rows: string[], headers: Record<string, string>) {
  const peer = await start(root);
  if (!peer) return null;
  try {
    const f = await figures({ name: peer.name, folder: (n) => `${peer.url}/${n}/`, headers });
    rows.push(`${peer.name}: 10k ${f.rps.toFixed(0)} req/s, 100k ${f.ms.toFixed(0)} ms`);
    return f;
  } finally {
    await peer.stop();
  }
}

/** Runs the benchmark (fbe `binary`, and `before` when given) and returns printable rows with ratios. */
export async function benchListing(binary = BINARY, before?: string): Promise<string[]> {
  if (!toolPath("wrk")) return ["wrk is not installed (apt-get install wrk): listing figures skipped"];
  const root = listingData();
  const rows: string[] = [`machine: ${machineNote()}`];
  const nginx = await benchPeer(startNginx, root, rows, {});
  const caddy = await benchPeer(startCaddy, root, rows, { Accept: "application/json" });
  if (before) await benchFbe(before, "fbe before", root, rows);
  const fbe = await benchFbe(binary, "fbe", root, rows);
  const best = [nginx, caddy].filter((p) => p !== null) as { rps: number; ms: number }[];
  if (nginx) rows.push(`fbe / nginx: 10k req/s ${(fbe.rps / nginx.rps).toFixed(2)}x, 100k time ${(fbe.ms / nginx.ms).toFixed(2)}x`);
  if (best.length) rows.push(`fbe / best: 10k req/s ${(fbe.rps / Math.max(...best.map((b) => b.rps))).toFixed(2)}x, 100k time ${(fbe.ms / Math.min(...best.map((b) => b.ms))).toFixed(2)}x`);
  rows.push(`load after: ${machineNote()}`);
  return rows;
}

if (import.meta.main) {
  const i = process.argv.indexOf("--before");
  for (const line of await benchListing(BINARY, i > 0 ? process.argv[i + 1] : undefined)) console.log(line);
}
