import { describe, expect, it } from "bun:test";
import { mkdirSync, readdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { serverInProcess } from "../support/server-per-file";
import { makeUser, putSettings } from "../support/factories";
import { makeTree } from "../support/tree";
import { isTask, openTaskSocket, type TaskSocket } from "../support/task-socket";
import { processesWith, queued, refusal, waitStatus } from "../support/task-helpers";
import { inspectTorrent } from "../support/torrent";

const ctx = serverInProcess();

/** Bytes of the sparse file a long task hashes: about half a minute of mktorrent on this machine, no disk used. */
const LONG_FILE_BYTES = 8 * 1024 ** 3;

async function worker() {
  const dir = `c${randomBytes(4).toString("hex")}`;
  makeTree(join(ctx.server.root, dir), {});
  const user = await makeUser(ctx.server, ctx.admin, { perm: { execute: true }, scope: `/${dir}` });
  const ws = await openTaskSocket(ctx.server, user.token);
  return { user, ws, dir: join(ctx.server.root, dir) };
}

/** Queues a torrent of a big sparse file and resolves once mktorrent is hashing (a progress message arrived). */
async function longTask(ws: TaskSocket, dir: string) {
  writeFileSync(join(dir, "big.img"), "");
  truncateSync(join(dir, "big.img"), LONG_FILE_BYTES);
  const t = await queued(ws, { Task: "mktorrent", TargetPath: "/big.img", Params: { pieceLength: 18 } });
  await ws.waitFor((m) => isTask(m) && m.TaskID === t.TaskID && m.Status === 1 && /%$/.test(m.Message));
  return t;
}

describe("cancel, remove and retry", () => {
  it("cancels a running torrent: wait-cancel then cancelled, the process group killed, no output left", async () => {
    const { ws, dir } = await worker();
    const t = await longTask(ws, dir);
    expect(processesWith(join(dir, "big.img")).length).toBeGreaterThan(0);
    // Progress is throttled to at most 4 pushes a second (mktorrent prints a line per hashed piece).
    const before = ws.messages.length;
    await Bun.sleep(2000);
    const pushes = ws.messages.slice(before).filter((m) => isTask(m) && m.TaskID === t.TaskID && m.Status === 1);
    expect(pushes.length).toBeGreaterThan(1);
    expect(pushes.length).toBeLessThanOrEqual(9);
    const percents = pushes.map((m) => isTask(m) && Number.parseInt(m.Message, 10));
    expect(percents).toEqual([...percents].sort((a, b) => Number(a) - Number(b)));
    expect(await refusal(ws, { Task: "remove", Params: { TaskID: t.TaskID } })).toBe(
      "task is running, cancel it before remove",
    );
    ws.send({ Task: "cancel", Params: { TaskID: t.TaskID } });
    const end = await waitStatus(ws, t.TaskID, [3, 4, 5], 20_000);
    expect(end.Status).toBe(3);
    expect(end.EndTime).toBeGreaterThan(0);
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 2, 3]);
    expect(processesWith(join(dir, "big.img"))).toEqual([]);
    expect(readdirSync(dir)).toEqual(["big.img"]);
    expect(await refusal(ws, { Task: "cancel", Params: { TaskID: t.TaskID } })).toBe(
      "task is not running, no need to cancel",
    );
    await ws.close();
  }, 60_000);

  it("retries a failed task with the same params as the same TaskID until it is done, then removes it", async () => {
    const { ws, dir } = await worker();
    writeFileSync(join(dir, "f.bin"), randomBytes(50_000));
    const t = await queued(ws, {
      Task: "mktorrent",
      TargetPath: "/f.bin",
      Params: { torrentOutput: "/later/f.torrent", comment: "kept" },
    });
    expect(await waitStatus(ws, t.TaskID, [4, 5])).toMatchObject({
      Status: 5,
      Message: "output folder /later does not exist",
    });
    expect(readdirSync(dir)).toEqual(["f.bin"]);
    expect(await refusal(ws, { Task: "retry", Params: { TaskID: t.TaskID + 1000 } })).toBe(
      `task ${t.TaskID + 1000} not found`,
    );
    mkdirSync(join(dir, "later"));
    const from = ws.messages.length;
    ws.send({ Task: "retry", Params: { TaskID: t.TaskID } });
    const done = await waitStatus(ws, t.TaskID, [4], 30_000, from);
    expect(done).toMatchObject({
      Message: "/later/f.torrent",
      Params: { comment: "kept", torrentOutput: "/later/f.torrent" },
    });
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 5, 0, 1, 4]);
    expect(inspectTorrent(join(dir, "later", "f.torrent"), join(dir, "f.bin"))).toMatchObject({
      comment: "kept",
      badPieces: [],
    });
    ws.send({ Task: "remove", Params: { TaskID: t.TaskID } });
    expect(await ws.waitFor((m) => isTask(m) && m.TaskID === t.TaskID && m.MsgType === 1)).toMatchObject({ Status: 4 });
    await ws.close();
  });

  it("retries a cancelled task, which then runs to done", async () => {
    const { ws, dir } = await worker();
    const t = await longTask(ws, dir);
    ws.send({ Task: "cancel", Params: { TaskID: t.TaskID } });
    await waitStatus(ws, t.TaskID, [3]);
    truncateSync(join(dir, "big.img"), 4 * 1024 ** 2);
    const from = ws.messages.length;
    ws.send({ Task: "retry", Params: { TaskID: t.TaskID } });
    expect((await waitStatus(ws, t.TaskID, [4, 5], 30_000, from)).Status).toBe(4);
    expect(readdirSync(dir).sort()).toEqual(["big.img", "big.img.torrent"]);
    await ws.close();
  }, 60_000);
});

describe("whose tasks", () => {
  it("hides a user's tasks from another user, who can neither cancel, remove nor retry them; an admin sees and controls all", async () => {
    const ann = await worker();
    const bob = await worker();
    const t = await longTask(ann.ws, ann.dir);
    for (const Task of ["cancel", "remove", "retry"]) {
      expect(await refusal(bob.ws, { Task, Params: { TaskID: t.TaskID } })).toBe(`task ${t.TaskID} not found`);
    }
    expect(bob.ws.messages.filter(isTask)).toEqual([]);
    const admin = await openTaskSocket(ctx.server, ctx.admin);
    const seen = await admin.waitFor((m) => isTask(m) && m.TaskID === t.TaskID);
    expect(seen).toMatchObject({ Username: ann.user.username, TargetPath: "/big.img" });
    expect(ann.ws.messages.filter(isTask).every((m) => m.Username === undefined)).toBe(true);
    admin.send({ Task: "cancel", Params: { TaskID: t.TaskID } });
    expect((await waitStatus(ann.ws, t.TaskID, [3, 4, 5])).Status).toBe(3);
    admin.send({ Task: "remove", Params: { TaskID: t.TaskID } });
    await ann.ws.waitFor((m) => isTask(m) && m.TaskID === t.TaskID && m.MsgType === 1);
    const list = await openTaskSocket(ctx.server, ann.user.token);
    await Bun.sleep(200);
    expect(list.messages.filter((m) => isTask(m) && m.TaskID === t.TaskID)).toEqual([]);
    await Promise.all([ann.ws.close(), bob.ws.close(), admin.close(), list.close()]);
  }, 60_000);

  it("sends a connecting user their tasks one message each, ordered by TaskID", async () => {
    const { ws, dir, user } = await worker();
    writeFileSync(join(dir, "a.bin"), "a");
    writeFileSync(join(dir, "b.bin"), "b");
    const a = await queued(ws, { Task: "mktorrent", TargetPath: "/a.bin", Params: {} });
    const b = await queued(ws, { Task: "mktorrent", TargetPath: "/b.bin", Params: {} });
    await waitStatus(ws, b.TaskID, [4]);
    await waitStatus(ws, a.TaskID, [4]);
    const again = await openTaskSocket(ctx.server, user.token);
    await again.waitFor((m) => isTask(m) && m.TaskID === b.TaskID);
    expect(again.messages.map((m) => isTask(m) && [m.TaskID, m.Status, m.MsgType])).toEqual([
      [a.TaskID, 4, 0],
      [b.TaskID, 4, 0],
    ]);
    await Promise.all([ws.close(), again.close()]);
  });
});

describe("a deleted owner", () => {
  it("stops the owner's running task when an admin deletes the user: the tool is killed and its partial output removed", async () => {
    const { ws, dir, user } = await worker();
    const t = await longTask(ws, dir);
    const admin = await openTaskSocket(ctx.server, ctx.admin);
    await admin.waitFor((m) => isTask(m) && m.TaskID === t.TaskID);
    const res = await fetch(`${ctx.server.url}/api/users/${user.id}`, {
      method: "DELETE",
      headers: { "X-Auth": ctx.admin },
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (processesWith(join(dir, "big.img")).length > 0 && Date.now() < deadline) await Bun.sleep(100);
    expect(processesWith(join(dir, "big.img"))).toEqual([]);
    await Bun.sleep(300);
    expect(readdirSync(dir)).toEqual(["big.img"]);
    await admin.close();
  }, 60_000);

  it("tells admin sockets each task of a deleted user is removed (MsgType 1), running, pending, done and failed alike", async () => {
    await putSettings(ctx.server, ctx.admin, { taskWorkers: 1 });
    try {
      const { ws, dir, user } = await worker();
      const bob = await worker();
      writeFileSync(join(dir, "small.bin"), randomBytes(10_000));
      writeFileSync(join(bob.dir, "small.bin"), randomBytes(10_000));
      const finished = await queued(ws, { Task: "mktorrent", TargetPath: "/small.bin", Params: {} });
      const failedTask = await queued(ws, {
        Task: "mktorrent",
        TargetPath: "/small.bin",
        Params: { torrentOutput: "/missing/x.torrent" },
      });
      await waitStatus(ws, failedTask.TaskID, [5]);
      const kept = await queued(bob.ws, { Task: "mktorrent", TargetPath: "/small.bin", Params: {} });
      await waitStatus(bob.ws, kept.TaskID, [4]);
      const running = await longTask(ws, dir);
      // One worker, busy with the long task: this one stays pending.
      const waiting = await queued(ws, { Task: "mktorrent", TargetPath: "/small.bin", Params: { comment: "later" } });
      const ids = [finished.TaskID, failedTask.TaskID, running.TaskID, waiting.TaskID];
      const admin = await openTaskSocket(ctx.server, ctx.admin);
      await admin.waitFor((m) => isTask(m) && m.TaskID === waiting.TaskID);
      const from = admin.messages.length;
      const res = await fetch(`${ctx.server.url}/api/users/${user.id}`, {
        method: "DELETE",
        headers: { "X-Auth": ctx.admin },
      });
      expect(res.status).toBe(200);
      for (const id of ids)
        await admin.waitFor(
          (m) => admin.messages.indexOf(m) >= from && isTask(m) && m.TaskID === id && m.MsgType === 1,
          5000,
        );
      const removed = admin.messages.slice(from).filter((m) => isTask(m) && m.MsgType === 1);
      expect(removed.map((m) => isTask(m) && [m.TaskID, m.Username])).toEqual(ids.map((id) => [id, user.username]));
      // The deleted user's own socket is closed; bob's task is untouched.
      expect((await ws.closed).code).toBe(4001);
      expect(admin.messages.slice(from).some((m) => isTask(m) && m.TaskID === kept.TaskID)).toBe(false);
      const deadline = Date.now() + 5000;
      while (processesWith(join(dir, "big.img")).length > 0 && Date.now() < deadline) await Bun.sleep(100);
      expect(processesWith(join(dir, "big.img"))).toEqual([]);
      const fresh = await openTaskSocket(ctx.server, ctx.admin);
      await fresh.waitFor((m) => isTask(m) && m.TaskID === kept.TaskID);
      await Bun.sleep(200);
      expect(fresh.messages.filter((m) => isTask(m) && ids.includes(m.TaskID))).toEqual([]);
      await Promise.all([admin.close(), fresh.close(), bob.ws.close()]);
    } finally {
      await putSettings(ctx.server, ctx.admin, { taskWorkers: 2 });
    }
  }, 60_000);
});
