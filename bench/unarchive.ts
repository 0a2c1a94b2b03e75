/**
 * @module Unarchive figures: a 1 GiB zip (4 files of 256 MiB real random data, made with 7-Zip in /tmp) extracted
 * through the task connection of the built binary (send -> done message) beside `7zz x` run by hand on the same zip, in one run (alternating, median of 3,
 * page cache warm, each output removed before the next run). MB/s = unpacked bytes / time.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findSevenZip } from "../src/server/tools/sevenzip";
import { BINARY } from "../scripts/build";
import { startBinary } from "./bench-server";
import { openBenchTaskSocket, timeTaskRequest } from "./bench-tasks-socket";

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
    const server = await startBinary(BINARY, root, home);
    const ws = await openBenchTaskSocket(server.url);
    const hand: number[] = [];
    const kind: number[] = [];
    const runHand = async () => {
      const out = join(home, "by-hand");
      hand.push(await byHand(engine, join(root, "data.zip"), out));
      rmSync(out, { recursive: true });
    };
    const runKind = async () => {
      kind.push(await timeTaskRequest(ws, { Task: "unarchive", TargetPath: "/data.zip", Params: {} }));
      rmSync(join(root, "data"), { recursive: true });
    };
    // Alternating which goes first, so neither always pays for the other's write-back.
    try {
      for (let i = 0; i < RUNS; i++) for (const run of i % 2 ? [runKind, runHand] : [runHand, runKind]) await run();
    } finally {
      ws.close();
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
    const row = (label: string, s: number) =>
      `${label.padEnd(34)} ${s.toFixed(2).padStart(6)} s  ${(TOTAL / 1e6 / s).toFixed(0).padStart(5)} MB/s`;
    return [
      `1 GiB zip (${FILES} x 256 MiB random), median of ${RUNS}:`,
      row("7zz x by hand", median(hand)),
      row("through the task (send -> done)", median(kind)),
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const line of await benchUnarchive()) console.log(line);
