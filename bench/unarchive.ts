/**
 * @module Unarchive figures: a 1 GiB zip (4 files of 256 MiB real random data, made with 7-Zip in /tmp) extracted
 * through the unarchive kind beside `7zz x` run by hand on the same zip, in one run (alternating, median of 3,
 * page cache warm, each output removed before the next run). MB/s = unpacked bytes / time.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findSevenZip } from "../src/server/tools/sevenzip";
import { makeTaskScope, resolveTarget } from "../src/tasks/context";
import { unarchiveKind } from "../src/tasks/kinds/unarchive";
import type { TaskContext } from "../src/tasks/types";

const FILES = 4;
const FILE_BYTES = 256 * 1024 * 1024;
const TOTAL = FILES * FILE_BYTES;
const RUNS = 3;

/** Writes FILES files of FILE_BYTES fresh random bytes each into `dir`. */
function makeData(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < FILES; i++) {
    const fd = openSync(join(dir, `part-${i}.bin`), "w");
    for (let off = 0; off < FILE_BYTES; off += 16 * 1024 * 1024) writeSync(fd, randomBytes(16 * 1024 * 1024));
    closeSync(fd);
  }
}

/** Seconds `7zz x` takes to extract `zip` into `out`. */
async function byHand(engine: string, zip: string, out: string): Promise<number> {
  const t = performance.now();
  const p = Bun.spawn([engine, "x", "-y", `-o${out}`, zip], { stdout: Bun.file("/dev/null"), stderr: "inherit" });
  if ((await p.exited) !== 0) throw new Error("7zz x failed");
  return (performance.now() - t) / 1000;
}

/** Seconds the unarchive kind takes on `/data.zip` of `root` (output beside it, one top-level folder). */
async function throughKind(root: string, tempDir: string): Promise<number> {
  const scope = makeTaskScope(root, { scope: "/", rules: [] }, []);
  const ctx: TaskContext = {
    signal: new AbortController().signal, target: resolveTarget(scope, "/data.zip"), scope, tempDir,
    report: () => {}, trackOutput: () => {},
  };
  const t = performance.now();
  await unarchiveKind.run(ctx, unarchiveKind.parseParams({}));
  return (performance.now() - t) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs the benchmark and returns printable rows. */
export async function benchUnarchive(): Promise<string[]> {
  const engine = findSevenZip();
  if (!engine) throw new Error("bench/unarchive.ts needs 7-Zip (7zz) on PATH");
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-unarchive-"));
  try {
    const root = join(home, "files");
    const src = join(home, "src");
    makeData(src);
    mkdirSync(root);
    const zip = Bun.spawnSync([engine, "a", "-bd", "-tzip", "-mx1", join(root, "data.zip"), "."], { cwd: src });
    if (zip.exitCode !== 0) throw new Error(`7zz a failed: ${zip.stderr.toString()}`);
    rmSync(src, { recursive: true });
    const hand: number[] = [];
    const kind: number[] = [];
    const runHand = async () => {
      const out = join(home, "by-hand");
      hand.push(await byHand(engine, join(root, "data.zip"), out));
      rmSync(out, { recursive: true });
    };
    const runKind = async () => {
      const temp = mkdtempSync(join(home, "task-"));
      kind.push(await throughKind(root, temp));
      rmSync(join(root, "data"), { recursive: true });
      rmSync(temp, { recursive: true });
    };
    // Alternating which goes first, so neither always pays for the other's write-back.
    for (let i = 0; i < RUNS; i++) for (const run of i % 2 ? [runKind, runHand] : [runHand, runKind]) await run();
    const row = (label: string, s: number) => `${label.padEnd(34)} ${s.toFixed(2).padStart(6)} s  ${(TOTAL / 1e6 / s).toFixed(0).padStart(5)} MB/s`;
    return [
      `1 GiB zip (${FILES} x 256 MiB random), median of ${RUNS}:`,
      row("7zz x by hand", median(hand)),
      row("unarchive task kind", median(kind)),
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const line of await benchUnarchive()) console.log(line);
