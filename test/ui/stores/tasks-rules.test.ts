import { describe, expect, it } from "bun:test";
import type { TaskMessage } from "../../../src/shared/wire/task";
import {
  activeCount,
  bulkEmptyKey,
  bulkTargets,
  mergeTask,
  parseTaskFrame,
  progressPercent,
  reconnects,
  refusalKey,
  showsTotals,
  statusTotals,
  taskButtons,
  taskSocketUrl,
  trimParams,
} from "../../../src/ui/stores/tasks-rules";

const task = (TaskID: number, Status: TaskMessage["Status"], extra: Partial<TaskMessage> = {}): TaskMessage => ({
  TaskID,
  Task: "mktorrent",
  Status,
  MsgType: 0,
  TargetPath: `/t${TaskID}`,
  Params: {},
  Message: "",
  AddTime: 1,
  StartTime: 0,
  EndTime: 0,
  ...extra,
});
const ids = (list: TaskMessage[]) => list.map((t) => t.TaskID);

describe("task list", () => {
  it("adds tasks and keeps them by descending TaskID", () => {
    let list: TaskMessage[] = [];
    for (const id of [2, 5, 1, 3]) list = mergeTask(list, task(id, 0));
    expect(ids(list)).toEqual([5, 3, 2, 1]);
  });

  it("replaces a task pushed again and removes one pushed with MsgType 1", () => {
    let list = [task(3, 0), task(2, 1)];
    list = mergeTask(list, task(2, 4, { Message: "done" }));
    expect(list.find((t) => t.TaskID === 2)).toMatchObject({ Status: 4, Message: "done" });
    expect(list).toHaveLength(2);
    list = mergeTask(list, task(3, 0, { MsgType: 1 }));
    expect(ids(list)).toEqual([2]);
    expect(ids(mergeTask(list, task(9, 0, { MsgType: 1 })))).toEqual([2]);
  });

  it("counts pending and doing tasks as active, nothing else", () => {
    expect(activeCount([task(1, 0), task(2, 1), task(3, 2), task(4, 3), task(5, 4), task(6, 5)])).toBe(2);
    expect(activeCount([])).toBe(0);
  });
});

describe("row buttons", () => {
  it("follow the lifecycle: remove unless running, cancel only while doing, retry once finished", () => {
    const table = [0, 1, 2, 3, 4, 5].map((s) => [s, taskButtons({ Status: s as TaskMessage["Status"] })]);
    expect(table).toEqual([
      [0, { remove: true, cancel: false, retry: false }],
      [1, { remove: false, cancel: true, retry: false }],
      [2, { remove: false, cancel: false, retry: false }],
      [3, { remove: true, cancel: false, retry: true }],
      [4, { remove: true, cancel: false, retry: true }],
      [5, { remove: true, cancel: false, retry: true }],
    ]);
  });
});

describe("bulk actions", () => {
  const list = [task(6, 5), task(5, 4), task(4, 3), task(3, 2), task(2, 1), task(1, 0)];

  it("remove completed takes done, failed and cancelled tasks", () => {
    expect(bulkTargets(list, "removeCompleted")).toEqual([6, 5, 4]);
  });

  it("cancel all takes the running tasks only", () => {
    expect(bulkTargets(list, "cancelAll")).toEqual([2]);
  });

  it("remove all skips the running and cancelling ones", () => {
    expect(bulkTargets(list, "removeAll")).toEqual([6, 5, 4, 1]);
  });

  it("says the documented message when there is nothing to act on", () => {
    expect(bulkTargets([task(1, 0)], "removeCompleted")).toEqual([]);
    expect(bulkEmptyKey("removeCompleted")).toBe("tasks.noneCompleted");
    expect(bulkEmptyKey("cancelAll")).toBe("tasks.noneCancelled");
    expect(bulkEmptyKey("removeAll")).toBe("tasks.noneRemoved");
  });
});

describe("panel details", () => {
  it("counts each status for the totals, shown above 6 tasks", () => {
    expect(statusTotals([task(1, 4), task(2, 4), task(3, 5)])).toEqual({ 0: 0, 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 });
    expect([showsTotals(6), showsTotals(7)]).toEqual([false, true]);
  });

  it("reads a percentage out of a progress message and clamps it", () => {
    expect(progressPercent("hashing 42.5%")).toBe(42.5);
    expect(progressPercent("7 %")).toBe(7);
    expect(progressPercent("140%")).toBe(100);
    expect(progressPercent("done: /a.torrent")).toBeNull();
  });

  it("trims text params but keeps the ones named as typed", () => {
    expect(trimParams({ comment: "  hi ", archivePasswd: " pw ", width: 3 }, ["archivePasswd"])).toEqual({
      comment: "hi",
      archivePasswd: " pw ",
      width: 3,
    });
  });
});

describe("connection", () => {
  it("builds the socket address from the page scheme, the base URL and the session token", () => {
    expect(taskSocketUrl({ protocol: "http:", host: "h:8080" }, "", "a.b.c")).toBe("ws://h:8080/api/task?auth=a.b.c");
    expect(taskSocketUrl({ protocol: "https:", host: "h" }, "/app", "x+y")).toBe("wss://h/app/api/task?auth=x%2By");
  });

  it("reconnects everywhere except Safari over https", () => {
    const safari = "Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
    expect([reconnects(safari, "https:"), reconnects(safari, "http:"), reconnects(chrome, "https:")]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("reads task frames and refusals, ignoring anything else", () => {
    expect(parseTaskFrame(JSON.stringify(task(4, 1)))).toEqual({ kind: "task", task: task(4, 1) });
    expect(parseTaskFrame('{"error":"unknown task"}')).toEqual({ kind: "error", error: "unknown task" });
    expect([parseTaskFrame("not json"), parseTaskFrame("[]"), parseTaskFrame('{"hello":1}')]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("maps the documented refusals to translated messages and leaves other server text alone", () => {
    expect(refusalKey("task is running, cancel it before remove")).toBe("tasks.removeRunning");
    expect(refusalKey("task is not running, no need to cancel")).toBe("tasks.cancelNotRunning");
    expect(refusalKey("unknown task")).toBeNull();
    // The 'hey man' sentences of docs/product.md "Task refusals" stay on the wire; the interface says its own.
    expect(refusalKey("hey man, are you sure this is an archive file?")).toBe("tasks.refusals.notAnArchive");
    expect(refusalKey("hey man, you can only make thumbnail for video file or directory")).toBe(
      "tasks.refusals.thumbnailVideoOnly",
    );
    expect(refusalKey("hey man, you can only extract subtitle from video file or directory")).toBe(
      "tasks.refusals.subtitleVideoOnly",
    );
    expect(refusalKey("hey man, you can not make a torrent for a torrent, what's the point?")).toBe(
      "tasks.refusals.torrentOfTorrent",
    );
  });
});
