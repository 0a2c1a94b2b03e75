/**
 * @module Background task figures: make torrent of a 1 GiB file of random data through the task connection (time
 * from sending the request to the done message) beside `mktorrent` run by hand with the same arguments, in the same
 * run, alternating, after one read that puts the file in the page cache.
 */
import { mkdtempSync, openSync, closeSync, writeSync, rmSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { startBinary } from "./bench-server";
import { openBenchTaskSocket, timeTaskRequest } from "./bench-tasks-socket";
import { buildMktorrentArgs } from "../src/server/tools/mktorrent";
import { TASK_DEFAULTS } from "../src/shared/wire/task";

const FILE_BYTES = 1024 ** 3;
const ROUNDS = 3;

/** Writes `bytes` of random data to `path` in 16 MiB chunks. */
function randomFile(path: string, bytes: number): void {
  const fd = openSync(path, "w");
  const chunk = 16 * 1024 ** 2;
  for (let done = 0; done < bytes; done += chunk) writeSync(fd, randomBytes(Math.min(chunk, bytes - done)));
  closeSync(fd);
}

async function timeByHand(args: string[]): Promise<number> {
  const t = performance.now();
  const p = Bun.spawn(["mktorrent", ...args], { stdout: "ignore", stderr: "inherit" });
  if ((await p.exited) !== 0) throw new Error("mktorrent failed");
  return (performance.now() - t) / 1000;
}

/** Runs the comparison; returns printable lines. */
export async function benchTasks(): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-tasks-"));
  const root = join(home, "files");
  Bun.spawnSync(["mkdir", "-p", root]);
  const file = join(root, "big.bin");
  randomFile(file, FILE_BYTES);
  readFileSync(file); // page cache warm for both sides
  const server = await startBinary(BINARY, root, home);
  try {
    const ws = await openBenchTaskSocket(server.url);
    const d = TASK_DEFAULTS.mktorrent;
    const task: number[] = [];
    const hand: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      task.push(
        await timeTaskRequest(ws, {
          Task: "mktorrent",
          TargetPath: "/big.bin",
          Params: { torrentOutput: `/out-task-${i}.torrent` },
        }),
      );
      const args = buildMktorrentArgs({
        target: file,
        output: join(root, `out-hand-${i}.torrent`),
        announce: d.announce,
        isPrivate: d.isPrivate,
        pieceLength: d.pieceLength,
        comment: "",
        source: "",
        name: "",
        threads: availableParallelism(),
      });
      hand.push(await timeByHand(args));
    }
    ws.close();
    const fmt = (xs: number[]) =>
      `${xs.map((x) => x.toFixed(2)).join(" s, ")} s (best ${Math.min(...xs).toFixed(2)} s, ${(FILE_BYTES / 1e6 / Math.min(...xs)).toFixed(0)} MB/s)`;
    return [
      `mktorrent of 1 GiB random data, piece 2^${d.pieceLength}, ${availableParallelism()} threads, ${ROUNDS} rounds alternating:`,
      `  through the task (send -> done message): ${fmt(task)}`,
      `  mktorrent by hand, same arguments:       ${fmt(hand)}`,
    ];
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchTasks()) console.log(l);
