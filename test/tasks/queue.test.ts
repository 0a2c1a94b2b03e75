import { describe, expect, it } from "bun:test";
import { openDatabase } from "../../src/server/db/open";
import { TASK_STATUS } from "../../src/shared/wire/task";
import {
  CANCEL_NOT_RUNNING_MESSAGE,
  REMOVE_RUNNING_MESSAGE,
  RETRY_NOT_ENDED_MESSAGE,
  TaskQueue,
  cancelRefusal,
  removeRefusal,
  retryRefusal,
  type TaskEvent,
} from "../../src/tasks/queue";
import { TaskInputError } from "../../src/tasks/types";

const { pending, doing, waitCancel, cancelled, done, failed } = TASK_STATUS;

describe('task lifecycle rules (docs/product.md "Task lifecycle")', () => {
  // [status, remove refusal, cancel refusal, retry refusal]
  const table: [number, string | null, string | null, string | null][] = [
    [pending, null, CANCEL_NOT_RUNNING_MESSAGE, RETRY_NOT_ENDED_MESSAGE],
    [doing, REMOVE_RUNNING_MESSAGE, null, RETRY_NOT_ENDED_MESSAGE],
    [waitCancel, REMOVE_RUNNING_MESSAGE, CANCEL_NOT_RUNNING_MESSAGE, RETRY_NOT_ENDED_MESSAGE],
    [cancelled, null, CANCEL_NOT_RUNNING_MESSAGE, null],
    [done, null, CANCEL_NOT_RUNNING_MESSAGE, null],
    [failed, null, CANCEL_NOT_RUNNING_MESSAGE, null],
  ];
  for (const [status, remove, cancel, retry] of table) {
    it(`status ${status}: remove ${remove ?? "allowed"}, cancel ${cancel ?? "allowed"}, retry ${retry ?? "allowed"}`, () => {
      expect(removeRefusal(status as 0)).toBe(remove);
      expect(cancelRefusal(status as 0)).toBe(cancel);
      expect(retryRefusal(status as 0)).toBe(retry);
    });
  }

  it("uses the documented texts", () => {
    expect(REMOVE_RUNNING_MESSAGE).toBe("task is running, cancel it before remove");
    expect(CANCEL_NOT_RUNNING_MESSAGE).toBe("task is not running, no need to cancel");
  });
});

function world() {
  const db = openDatabase(":memory:");
  db.run(
    "INSERT INTO users (id, username, password_hash, perm, updated_at) VALUES (1, 'ann', 'x', '{}', 0), (2, 'bob', 'x', '{}', 0)",
  );
  let now = 1000;
  const queue = new TaskQueue(db, () => now);
  const events: TaskEvent[] = [];
  queue.subscribe((e) => events.push(e));
  return { db, queue, events, tick: (s: number) => (now += s) };
}

describe("TaskQueue over SQLite", () => {
  it("walks pending -> doing -> done and announces each change", () => {
    const { queue, events, tick } = world();
    const t = queue.add(1, "mktorrent", "/a", { pieceLength: 20 });
    expect(t).toMatchObject({ status: pending, addTime: 1000, startTime: 0, params: { pieceLength: 20 } });
    tick(5);
    expect(queue.claim("node-a")).toMatchObject({ id: t.id, status: doing, startTime: 1005 });
    queue.progress(t.id, "50%");
    tick(5);
    expect(queue.finish(t.id, "/a.torrent")).toMatchObject({ status: done, message: "/a.torrent", endTime: 1010 });
    expect(events.map((e) => [e.type, e.task.status, e.task.message])).toEqual([
      ["changed", pending, ""],
      ["changed", doing, ""],
      ["changed", doing, "50%"],
      ["changed", done, "/a.torrent"],
    ]);
  });

  it("claims the oldest pending task first and each task once", () => {
    const { queue } = world();
    const a = queue.add(1, "mktorrent", "/a", {});
    const b = queue.add(2, "mktorrent", "/b", {});
    expect(queue.claim("n1")?.id).toBe(a.id);
    expect(queue.claim("n2")?.id).toBe(b.id);
    expect(queue.claim("n1")).toBeNull();
  });

  it("cancels only a doing task, through wait-cancel to cancelled", () => {
    const { queue } = world();
    const t = queue.add(1, "mktorrent", "/a", {});
    expect(() => queue.cancel(t.id)).toThrow(new TaskInputError(CANCEL_NOT_RUNNING_MESSAGE));
    queue.claim("n");
    expect(queue.cancel(t.id).status).toBe(waitCancel);
    expect(() => queue.remove(t.id)).toThrow(new TaskInputError(REMOVE_RUNNING_MESSAGE));
    expect(queue.markCancelled(t.id)?.status).toBe(cancelled);
  });

  it("refuses to remove a doing task and removes an ended one with a removed event", () => {
    const { queue, events } = world();
    const t = queue.add(1, "mktorrent", "/a", {});
    queue.claim("n");
    expect(() => queue.remove(t.id)).toThrow(REMOVE_RUNNING_MESSAGE);
    queue.fail(t.id, "boom");
    queue.remove(t.id);
    expect(queue.get(t.id)).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: "removed", task: { id: t.id } });
  });

  it("retries an ended task as a fresh pending run of the same row with the same params", () => {
    const { queue } = world();
    const t = queue.add(1, "mktorrent", "/a", { comment: "c" });
    queue.claim("n");
    expect(() => queue.retry(t.id)).toThrow(RETRY_NOT_ENDED_MESSAGE);
    queue.fail(t.id, "boom");
    expect(queue.retry(t.id)).toMatchObject({
      id: t.id,
      status: pending,
      message: "",
      startTime: 0,
      endTime: 0,
      params: { comment: "c" },
    });
    expect(queue.claim("n")?.id).toBe(t.id);
  });

  it("does not mark a finished task done twice nor store progress of a task that moved on", () => {
    const { queue } = world();
    const t = queue.add(1, "mktorrent", "/a", {});
    queue.claim("n");
    queue.finish(t.id, "ok");
    queue.progress(t.id, "99%");
    expect(queue.finish(t.id, "again")).toBeNull();
    expect(queue.get(t.id)?.message).toBe("ok");
  });

  it("fails rows its own node left doing and rows of a node whose heartbeat is stale, not those of live nodes", () => {
    const { db, queue } = world();
    const mine = queue.add(1, "mktorrent", "/a", {});
    const dead = queue.add(1, "mktorrent", "/b", {});
    const live = queue.add(1, "mktorrent", "/c", {});
    const running = queue.add(1, "mktorrent", "/d", {});
    queue.claim("me");
    queue.claim("dead");
    queue.claim("live");
    queue.claim("me");
    db.run("UPDATE tasks SET heartbeat_at = 10 WHERE id = ?", [dead.id]);
    const failed = queue.failInterrupted("me", 500, "interrupted by restart", [running.id]);
    expect(failed.map((r) => r.task.id).sort()).toEqual([mine.id, dead.id]);
    expect(queue.get(mine.id)).toMatchObject({ status: TASK_STATUS.failed, message: "interrupted by restart" });
    expect(queue.get(live.id)?.status).toBe(doing);
    expect(queue.get(running.id)?.status).toBe(doing);
  });

  it("deletes an owner with all their tasks, running ones too, and announces each as removed with the owner's name", () => {
    const { db, queue, events } = world();
    const running = queue.add(1, "mktorrent", "/a", {});
    queue.claim("n");
    const waiting = queue.add(1, "mktorrent", "/b", {});
    const others = queue.add(2, "mktorrent", "/c", {});
    events.length = 0;
    queue.removeOwner(1, () => db.run("DELETE FROM users WHERE id = 1"));
    expect(events).toEqual([
      { type: "removed", task: expect.objectContaining({ id: running.id, status: doing }), owner: "ann" },
      { type: "removed", task: expect.objectContaining({ id: waiting.id, status: pending }), owner: "ann" },
    ]);
    expect(queue.get(running.id)).toBeNull();
    expect(queue.get(others.id)?.status).toBe(pending);
  });

  it("keeps the owner's tasks and announces nothing when deleting the owner fails", () => {
    const { queue, events } = world();
    const t = queue.add(1, "mktorrent", "/a", {});
    events.length = 0;
    expect(() =>
      queue.removeOwner(1, () => {
        throw new Error("last admin");
      }),
    ).toThrow("last admin");
    expect(queue.get(t.id)?.status).toBe(pending);
    expect(events).toEqual([]);
  });
});
