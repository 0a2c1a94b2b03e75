/**
 * @module Search figures: on a generated tree of 1,000,000 names in 20,000 folders (search-tree.ts,
 * under /work/bench-data or $FBE_BENCH_DATA), the index build time, peak RSS and file size (search-child.ts in its
 * own process), first-page query p50/p99 for a rare (~100 hits) and a common (~10,000 hits) word, beside plocate
 * (updatedb time, database size, `plocate -i` time for the first 50 and for all hits) and `find -iname`; then the
 * same first pages through the built server over HTTP.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { machineNote, percentile, runTimed } from "./bench-stats";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";
import { COMMON_WORD, FOLDERS, makeSearchTree, NAMES, RARE_WORD } from "./search-tree";

const DATA = process.env.FBE_BENCH_DATA ?? "/work/bench-data";
const QUERY_RUNS = 20;

/** Milliseconds of each of QUERY_RUNS runs of `cmd`. */
async function timings(cmd: string[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) out.push((await runTimed(cmd)) * 1000);
  return out;
}

const f1 = (x: number) => x.toFixed(1);
const ratio = (ours: number, ref: number) => `${(ref / ours).toFixed(1)}x`;

/** Runs the benchmark and returns the lines to print. */
export async function benchSearch(): Promise<string[]> {
  const tree = join(DATA, "search-tree");
  mkdirSync(DATA, { recursive: true });
  const made = makeSearchTree(tree);
  const lines = [
    `tree: ${NAMES} names in ${FOLDERS} folders at ${tree}${made ? ` (made in ${f1(made)} s)` : " (reused)"}; ${machineNote()}`,
  ];
  const db = join(DATA, "search-index.db");
  rmSync(db, { force: true });
  const child = Bun.spawnSync(
    [process.execPath, join(import.meta.dir, "search-child.ts"), tree, db, RARE_WORD, COMMON_WORD],
    { stdout: "pipe", stderr: "pipe" },
  );
  if (child.exitCode !== 0) throw new Error(`index child failed: ${child.stderr.toString().slice(-500)}`);
  const ours = JSON.parse(child.stdout.toString().trim().split("\n").pop()!) as {
    buildS: number;
    peakMB: number;
    fileMB: number;
    entries: number;
    times: Record<string, number[]>;
    hits: Record<string, number>;
  };
  const plocateDb = join(DATA, "search-plocate.db");
  const updatedbS = await runTimed([
    "updatedb",
    "-l",
    "0",
    "-U",
    tree,
    "-o",
    plocateDb,
    "--prunepaths",
    "",
    "--prunenames",
    "",
  ]);
  const plocateMB = statSync(plocateDb).size / 1048576;
  lines.push(
    `build: index ${f1(ours.buildS)} s (${ours.entries} entries, peak RSS ${f1(ours.peakMB)} MB, file ${f1(ours.fileMB)} MB)` +
      ` | updatedb ${f1(updatedbS)} s (db ${f1(plocateMB)} MB) | index/plocate size ${(ours.fileMB / plocateMB).toFixed(2)}`,
  );
  lines.push(
    "goals: build <= 60 s, RSS <= 300 MB, index file <= 2x plocate db, query p50 <= 10 ms and faster than plocate",
  );
  for (const w of [RARE_WORD, COMMON_WORD]) {
    const t = ours.times[w]!;
    const first = await timings(["plocate", "-d", plocateDb, "-i", "-l", "50", w]);
    const all = await timings(["plocate", "-d", plocateDb, "-i", w]);
    const findS = await runTimed(["find", tree, "-iname", `*${w}*`]);
    const p50 = percentile(t, 50);
    lines.push(
      `"${w}" (${ours.hits[w]} hits), first page of 50: index p50 ${f1(p50)} ms p99 ${f1(percentile(t, 99))} ms` +
        ` | plocate -l 50 p50 ${f1(percentile(first, 50))} ms (${ratio(p50, percentile(first, 50))})` +
        ` | plocate all p50 ${f1(percentile(all, 50))} ms | find -iname ${f1(findS * 1000)} ms (${ratio(p50, findS * 1000)})`,
    );
  }
  lines.push(...(await overHttp(tree)));
  return lines;
}

/**
 * The same first pages asked through the built server (GET /api/search/?query=&limit=50, body read whole), once its
 * index of the tree is ready: what a user's search costs end to end on loopback.
 */
async function overHttp(tree: string): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-search-"));
  const { proc, url } = await startBinary(BINARY, tree, home);
  try {
    const token = await benchLogin(url);
    const ask = (w: string) => fetch(`${url}/api/search/?query=${w}&limit=50`, { headers: { "X-Auth": token } });
    const t0 = performance.now();
    while ((await ask(RARE_WORD)).headers.get("X-Search-Index") !== "ready") await Bun.sleep(200);
    const ready = (performance.now() - t0) / 1000;
    const out = [`server: index ready ${f1(ready)} s after login, the server answering meanwhile`];
    for (const w of [RARE_WORD, COMMON_WORD]) {
      const t: number[] = [];
      for (let i = 0; i < QUERY_RUNS; i++) {
        const s = performance.now();
        const hits = (await (await ask(w)).json()) as unknown[];
        t.push(performance.now() - s);
        if (hits.length !== 50) throw new Error(`"${w}" gave ${hits.length} hits over HTTP, 50 expected`);
      }
      out.push(`  "${w}" over HTTP, first page of 50: p50 ${f1(percentile(t, 50))} ms p99 ${f1(percentile(t, 99))} ms`);
    }
    return out;
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchSearch()) console.log(l);
