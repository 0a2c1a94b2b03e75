/**
 * @module Listing figures beside nginx and caddy: 10k-entry folder at wrk c=16 (req/s, median of 3),
 * one request for a 100k-entry folder (ms, median of 3; fbe also right after a file was added, and once with its
 * cache emptied, reading the whole folder), and the latency of 1 MiB Range reads while fbe builds a 100k listing.
 * Data: flat folders under $FBE_BENCH_DATA (/work/bench-data).
 */
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, curlDownload, rssKb, rssSplitKb, startBinary } from "./bench-server";
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
  const rps = median([
    await wrkRps(t.folder("flat-10000"), t.headers),
    await wrkRps(t.folder("flat-10000"), t.headers),
    await wrkRps(t.folder("flat-10000"), t.headers),
  ]);
  const ms = median([
    await timedGet(t.folder("flat-100000"), t.headers),
    await timedGet(t.folder("flat-100000"), t.headers),
    await timedGet(t.folder("flat-100000"), t.headers),
  ]);
  return { rps, ms };
}

/** Files stir() added, removed when fbe's figures are taken. */
const stirred: string[] = [];

/**
 * A change in the 100k folder, made as a shell would: one file added (the listing gains an entry, its body is
 * written again).
 */
function stir(root: string): void {
  const f = join(root, "flat-100000", `stir-${stirred.length}.txt`);
  writeFileSync(f, "x".repeat(stirred.length + 1));
  stirred.push(f);
}

async function rangeRead(rangeUrl: string, headers: Record<string, string>): Promise<number> {
  const off = Math.floor(Math.random() * (RANGE_FILE_MIB - 1)) << 20;
  const s = performance.now();
  const res = await fetch(rangeUrl, { headers: { ...headers, Range: `bytes=${off}-${off + (1 << 20) - 1}` } });
  await res.arrayBuffer();
  if (res.status !== 206) throw new Error(`range read answered ${res.status}`);
  return performance.now() - s;
}

/**
 * fbe's own figures: cold 100k time after a change, alone (as nginx's time is taken) and while Range reads run,
 * the Range read latency (max, median of 3 runs) during it, and the slowest of 50 Range reads with no listing
 * running (the machine's own noise).
 */
async function fbeExtras(
  root: string,
  t: Target,
  rangeUrl: string,
): Promise<{ coldAloneMs: number; coldMs: number; rangeMaxMs: number; idleMaxMs: number }> {
  const alone: number[] = [];
  for (let run = 0; run < 3; run++) {
    stir(root);
    await Bun.sleep(300);
    alone.push((await curlDownload(t.folder("flat-100000"), t.headers)).s * 1000);
  }
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) idle.push(await rangeRead(rangeUrl, t.headers));
  const cold: number[] = [];
  const worst: number[] = [];
  for (let run = 0; run < 3; run++) {
    stir(root);
    await Bun.sleep(300);
    let done = false;
    // The listing is fetched by curl in its own process: receiving 25 MB here would slow the Range reads measured.
    const listing = curlDownload(t.folder("flat-100000"), t.headers).then(({ s }) => ((done = true), s * 1000));
    await Bun.sleep(20);
    let max = 0;
    while (!done) max = Math.max(max, await rangeRead(rangeUrl, t.headers));
    cold.push(await listing);
    worst.push(max);
  }
  return { coldAloneMs: median(alone), coldMs: median(cold), rangeMaxMs: median(worst), idleMaxMs: Math.max(...idle) };
}

const mib = (kb: number) => (kb / 1024).toFixed(0);

async function benchFbe(
  binary: string,
  label: string,
  root: string,
  rows: string[],
): Promise<{ rps: number; ms: number }> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-list-"));
  const { proc, url } = await startBinary(binary, root, home);
  let peakKb = rssKb(proc.pid);
  const sampler = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, rssKb(proc.pid));
    } catch {
      // the process ended
    }
  }, 100);
  try {
    const token = await benchLogin(url);
    const t: Target = { name: label, folder: (n) => `${url}/api/resources/${n}/`, headers: { "X-Auth": token } };
    const f = await figures(t);
    const x = await fbeExtras(root, t, `${url}/api/raw/range.bin`);
    const gz = await wrkRps(t.folder("flat-10000"), { ...t.headers, "Accept-Encoding": "gzip" });
    const busyKb = rssKb(proc.pid);
    // Left alone, the server ends its folder threads and empties the listing cache (FBE_LISTING_IDLE_MS, 30 s).
    await Bun.sleep(31_500);
    const restedKb = rssKb(proc.pid);
    const rested = rssSplitKb(proc.pid);
    // The cache is empty now: the next 100k listing reads the whole folder (as nginx does on every request).
    const freshMs = (await curlDownload(t.folder("flat-100000"), t.headers)).s * 1000;
    rows.push(
      `${label}: 10k ${f.rps.toFixed(0)} req/s (gzip ${gz.toFixed(0)}), 100k ${f.ms.toFixed(0)} ms (after a file was added ${x.coldAloneMs.toFixed(0)} ms alone, ${x.coldMs.toFixed(0)} ms with Range reads running; a whole read after the cache emptied ${freshMs.toFixed(0)} ms), 1 MiB Range during a 100k listing max ${x.rangeMaxMs.toFixed(1)} ms (idle max ${x.idleMaxMs.toFixed(1)} ms), RSS right after ${mib(busyKb)} MiB, 30 s later ${mib(restedKb)} MiB (${mib(rested.anon)} anonymous + ${mib(rested.file)} file-backed), peak ${mib(peakKb)} MiB`,
    );
    return f;
  } finally {
    for (const f of stirred.splice(0)) rmSync(f, { force: true });
    clearInterval(sampler);
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
}

interface PeerFigures {
  rps: number;
  ms: number;
  /** Entries the peer's 100k answer holds (caddy's browse stops at 10,000). */
  entries: number;
}

async function benchPeer(
  start: (root: string) => Promise<Peer | null>,
  root: string,
  rows: string[],
  headers: Record<string, string>,
): Promise<PeerFigures | null> {
  const peer = await start(root);
  if (!peer) return null;
  try {
    const f = await figures({ name: peer.name, folder: (n) => `${peer.url}/${n}/`, headers });
    const entries = ((await (await fetch(`${peer.url}/flat-100000/`, { headers })).json()) as unknown[]).length;
    const capped = entries < 100_000 ? ` (answers only ${entries} entries)` : "";
    rows.push(`${peer.name}: 10k ${f.rps.toFixed(0)} req/s, 100k ${f.ms.toFixed(0)} ms${capped}`);
    return { ...f, entries };
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
  const peers = [nginx, caddy].filter((p) => p !== null) as PeerFigures[];
  const full = peers.filter((p) => p.entries >= 100_000);
  if (nginx)
    rows.push(
      `fbe / nginx: 10k req/s ${(fbe.rps / nginx.rps).toFixed(2)}x, 100k time ${(fbe.ms / nginx.ms).toFixed(2)}x`,
    );
  if (peers.length)
    rows.push(
      `fbe / best: 10k req/s ${(fbe.rps / Math.max(...peers.map((b) => b.rps))).toFixed(2)}x` +
        (full.length
          ? `, 100k time ${(fbe.ms / Math.min(...full.map((b) => b.ms))).toFixed(2)}x (peers answering all entries)`
          : ""),
    );
  rows.push(`load after: ${machineNote()}`);
  return rows;
}

if (import.meta.main) {
  const i = process.argv.indexOf("--before");
  for (const line of await benchListing(BINARY, i > 0 ? process.argv[i + 1] : undefined)) console.log(line);
}
