import { describe, expect, it } from "bun:test";
import { readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { login, startServer, type ProcessServer, type TestServer } from "../support/server";
import { call, putSettings } from "../support/factories";
import { isTask, openTaskSocket, type TaskSocket } from "../support/task-socket";
import { processesGone, processesWith, queued, stopProcessesWith, waitStatus } from "../support/task-helpers";

/** A sparse file of `bytes` in the server's root (no disk used; mktorrent hashes it at about 300 MB/s here). */
function sparse(server: TestServer, name: string, bytes: number): string {
  const p = join(server.root, name);
  writeFileSync(p, "");
  truncateSync(p, bytes);
  return p;
}

/** Queues a torrent of `name` and resolves once mktorrent is hashing it. */
async function hashing(ws: TaskSocket, name: string) {
  const t = await queued(ws, { Task: "mktorrent", TargetPath: `/${name}`, Params: { pieceLength: 18 } });
  await ws.waitFor((m) => isTask(m) && m.TaskID === t.TaskID && m.Status === 1 && /%$/.test(m.Message));
  return t;
}

function exited(server: ProcessServer): Promise<{ code: number | null; signal: string | null }> {
  const p = server.process;
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve({ code: p.exitCode, signal: p.signalCode });
  return new Promise((r) => p.once("exit", (code, signal) => r({ code, signal })));
}

/** A second server on the first one's database and files (the same install restarted). */
const restart = (first: TestServer) =>
  startServer({ root: first.root, args: ["-d", join(first.home, "fbe.db")], password: first.password });

describe("restart and shutdown", () => {
  it("keeps the history after kill -9 and shows the task that was running as failed 'interrupted by restart', its tool and partial output gone", async () => {
    const first = await startServer();
    let second: TestServer | undefined;
    try {
      writeFileSync(join(first.root, "small.bin"), "small");
      const big = sparse(first, "big.img", 8 * 1024 ** 3);
      const ws = await openTaskSocket(first, await login(first));
      const small = await queued(ws, { Task: "mktorrent", TargetPath: "/small.bin", Params: {} });
      await waitStatus(ws, small.TaskID, [4]);
      const long = await hashing(ws, "big.img");
      // Left running, the tool would die of SIGPIPE at its next progress line (up to a second after the kill) or
      // go on hashing, depending on the timing. Stopped, it stays as an orphan in its own process group until the
      // restart ends it.
      expect(stopProcessesWith(big).length).toBeGreaterThan(0);
      first.process.kill("SIGKILL");
      await exited(first);
      expect(processesWith(big).length).toBeGreaterThan(0);
      second = await restart(first);
      const again = await openTaskSocket(second, await login(second));
      await again.waitFor((m) => isTask(m) && m.TaskID === long.TaskID);
      const list = again.messages.filter(isTask);
      expect(list.map((m) => [m.TaskID, m.Status, m.Message])).toEqual([
        [small.TaskID, 4, "/small.bin.torrent"],
        [long.TaskID, 5, "interrupted by restart"],
      ]);
      expect(list[1].EndTime).toBeGreaterThan(0);
      // The restart kills the orphaned tool's process group; it leaves /proc a moment later.
      expect(await processesGone(big)).toEqual([]);
      expect(readdirSync(first.root).sort()).toEqual(["big.img", "small.bin", "small.bin.torrent"]);
      await again.close();
    } finally {
      await second?.stop();
      rmSync(first.home, { recursive: true, force: true });
    }
  }, 60_000);

  it("cancels a running task on SIGTERM, exits cleanly, and the restarted server shows it cancelled with no partial output", async () => {
    const first = await startServer();
    let second: TestServer | undefined;
    try {
      const big = sparse(first, "big.img", 8 * 1024 ** 3);
      const ws = await openTaskSocket(first, await login(first));
      const long = await hashing(ws, "big.img");
      first.process.kill("SIGTERM");
      expect(await exited(first)).toEqual({ code: 0, signal: null });
      expect(ws.statuses(long.TaskID)).toEqual([0, 1, 3]);
      expect(processesWith(big)).toEqual([]);
      expect(readdirSync(first.root)).toEqual(["big.img"]);
      second = await restart(first);
      const again = await openTaskSocket(second, await login(second));
      expect(await again.waitFor((m) => isTask(m) && m.TaskID === long.TaskID)).toMatchObject({ Status: 3 });
      await again.close();
    } finally {
      await second?.stop();
      rmSync(first.home, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the taskWorkers setting", () => {
  it("runs two tasks at once by default and one after the other with taskWorkers=1; refuses values outside 1..16", async () => {
    const server = await startServer();
    try {
      const admin = await login(server);
      for (const n of ["a", "b", "c", "d"]) sparse(server, `${n}.img`, 768 * 1024 ** 2);
      const ws = await openTaskSocket(server, admin);
      const order = async (x: string, y: string) => {
        const from = ws.messages.length;
        const t1 = await queued(ws, { Task: "mktorrent", TargetPath: `/${x}.img`, Params: { pieceLength: 18 } });
        const t2 = await queued(ws, { Task: "mktorrent", TargetPath: `/${y}.img`, Params: { pieceLength: 18 } });
        await Promise.all([waitStatus(ws, t1.TaskID, [4], 60_000, from), waitStatus(ws, t2.TaskID, [4], 60_000, from)]);
        const at = (id: number, status: number) =>
          ws.messages.findIndex((m, i) => i >= from && isTask(m) && m.TaskID === id && m.Status === status);
        return { secondStarted: at(t2.TaskID, 1), firstDone: at(t1.TaskID, 4) };
      };
      const parallel = await order("a", "b");
      expect(parallel.secondStarted).toBeLessThan(parallel.firstDone);
      await putSettings(server, admin, { taskWorkers: 1 });
      const serial = await order("c", "d");
      expect(serial.secondStarted).toBeGreaterThan(serial.firstDone);
      for (const bad of [0, 17, 1.5, "many"])
        expect((await call(server, admin, "PUT", "/settings", { taskWorkers: bad })).status).toBe(400);
      const settings = (await (await call(server, admin, "GET", "/settings")).json()) as { taskWorkers: number };
      expect(settings.taskWorkers).toBe(1);
      await ws.close();
    } finally {
      await server.stop();
    }
  }, 90_000);
});

describe("a tool that is not installed", () => {
  it("fails the task with a message naming the tool and leaves the source as it was", async () => {
    // Only the tools' folder is taken off PATH: the server itself starts by absolute path.
    const server = await startServer({ env: { PATH: "/nonexistent" } });
    try {
      writeFileSync(join(server.root, "f.bin"), "data");
      const ws = await openTaskSocket(server, await login(server));
      const t = await queued(ws, { Task: "mktorrent", TargetPath: "/f.bin", Params: {} });
      expect(await waitStatus(ws, t.TaskID, [4, 5])).toMatchObject({
        Status: 5,
        Message: "mktorrent is not installed on the server",
      });
      expect(readdirSync(server.root)).toEqual(["f.bin"]);
      await ws.close();
    } finally {
      await server.stop();
    }
  });
});
