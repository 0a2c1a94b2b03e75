/**
 * @module Memory of the file index's folder watches: on the search benchmark's tree of 1,000,000 names in 20,000
 * folders (search-tree.ts, under /work/bench-data or $FBE_BENCH_DATA), the index is built in a child process without
 * watches and then with them (search-watch-child.ts), and the RSS, the folders watched, the kernel's watch count and
 * the kernel memory of the marks are compared. Run it alone: `bun bench/search-watch.ts`.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { machineNote } from "./bench-stats";
import { FOLDERS, makeSearchTree, NAMES } from "./search-tree";

const DATA = process.env.FBE_BENCH_DATA ?? "/work/bench-data";

interface ChildResult {
  mode: string;
  buildS: number;
  rssMB: number;
  peakMB: number;
  entries: number;
  folders: number;
  short: boolean;
  kernelWatches: number;
  markSlabKiB: number | null;
}

function runChild(tree: string, db: string, mode: "none" | "watch"): ChildResult {
  rmSync(db, { force: true });
  const child = Bun.spawnSync([process.execPath, join(import.meta.dir, "search-watch-child.ts"), tree, db, mode], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (child.exitCode !== 0) throw new Error(`watch child failed: ${child.stderr.toString().slice(-500)}`);
  return JSON.parse(child.stdout.toString().trim().split("\n").pop()!) as ChildResult;
}

/** Runs the benchmark and returns the lines to print. */
export function benchSearchWatch(): string[] {
  const tree = join(DATA, "search-tree");
  mkdirSync(DATA, { recursive: true });
  const made = makeSearchTree(tree);
  const db = join(DATA, "search-watch.db");
  const f1 = (x: number) => x.toFixed(1);
  const lines = [
    `tree: ${NAMES} names in ${FOLDERS} folders${made ? ` (made in ${f1(made)} s)` : " (reused)"}; ${machineNote()}`,
  ];
  const none = runChild(tree, db, "none");
  const watch = runChild(tree, db, "watch");
  rmSync(db, { force: true });
  for (const r of [none, watch]) {
    lines.push(
      `${r.mode === "watch" ? "with watches   " : "without watches"}: build ${f1(r.buildS)} s, ${r.entries} entries, RSS ${f1(r.rssMB)} MB ` +
        `(peak ${f1(r.peakMB)} MB), ${r.folders} folders watched${r.short ? " (limit short)" : ""}, ${r.kernelWatches} kernel watches` +
        (r.markSlabKiB === null ? "" : `, inotify mark slab ${f1(r.markSlabKiB / 1024)} MB`),
    );
  }
  const per = watch.folders ? ((watch.rssMB - none.rssMB) * 1024) / watch.folders : 0;
  lines.push(`watches cost ${f1(watch.rssMB - none.rssMB)} MB of RSS (${f1(per)} KiB per folder)`);
  return lines;
}

if (import.meta.main) for (const l of benchSearchWatch()) console.log(l);
