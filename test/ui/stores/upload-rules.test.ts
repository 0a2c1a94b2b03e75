import { describe, expect, it } from "bun:test";
import {
  applyConflictChoices,
  endedCounts,
  failureReason,
  findConflicts,
  isBusy,
  itemDetail,
  itemPercent,
  nextToStart,
  panelSummary,
  totalProgress,
  uploadOutcome,
  type ProgressItem,
  type UploadStatus,
} from "../../../src/ui/stores/upload-rules";

describe('upload rules (docs/product.md "Upload")', () => {
  it("finds dropped names that already exist, once each", () => {
    expect(findConflicts(["a.txt", "b.txt", "a.txt"], ["a.txt", "c.txt"])).toEqual(["a.txt"]);
    expect(findConflicts(["x"], [])).toEqual([]);
  });

  it("sums progress over uploads that still count and never shows 100 before all are done", () => {
    const items: ProgressItem[] = [
      { size: 100, loaded: 100, status: "done" },
      { size: 100, loaded: 99, status: "uploading" },
      { size: 50, loaded: 0, status: "skipped" },
      { size: 70, loaded: 10, status: "failed" },
      { size: 30, loaded: 5, status: "cancelled" },
    ];
    expect(totalProgress(items)).toEqual({ loaded: 199, total: 200, percent: 99 });
  });

  it("shows 100 when everything is done, 0 with nothing to send", () => {
    expect(totalProgress([{ size: 0, loaded: 0, status: "done" }]).percent).toBe(100);
    expect(totalProgress([]).percent).toBe(0);
  });

  it("is busy while anything is queued or uploading", () => {
    expect(isBusy([{ size: 1, loaded: 0, status: "queued" }])).toBe(true);
    expect(
      isBusy([
        { size: 1, loaded: 1, status: "done" },
        { size: 1, loaded: 0, status: "skipped" },
      ]),
    ).toBe(false);
  });

  it("says how the batch ended: a cancel first, then a failure, then done; nothing when all were skipped", () => {
    const done = { size: 1, loaded: 1, status: "done" } as const;
    expect(uploadOutcome([done, { size: 1, loaded: 0, status: "queued" }])).toBe("uploading");
    expect(
      uploadOutcome([done, { size: 1, loaded: 0, status: "failed" }, { size: 1, loaded: 0, status: "cancelled" }]),
    ).toBe("cancelled");
    expect(uploadOutcome([done, { size: 1, loaded: 0, status: "failed" }])).toBe("failed");
    expect(uploadOutcome([done, { size: 1, loaded: 0, status: "skipped" }])).toBe("done");
    expect(uploadOutcome([{ size: 1, loaded: 0, status: "skipped" }])).toBe("nothing");
  });

  it("counts the ended uploads by status, leaving out the statuses nobody has", () => {
    const items: ProgressItem[] = [
      { size: 1, loaded: 1, status: "done" },
      { size: 1, loaded: 1, status: "done" },
      { size: 1, loaded: 0, status: "cancelled" },
    ];
    expect(endedCounts(items)).toEqual([
      { status: "done", count: 2 },
      { status: "cancelled", count: 1 },
    ]);
  });

  it("after a cancel, sums up counts instead of '0 B of 0 B'", () => {
    const items: ProgressItem[] = [
      { size: 100, loaded: 40, status: "cancelled" },
      { size: 50, loaded: 0, status: "cancelled" },
    ];
    expect(panelSummary(items, null)).toEqual([{ kind: "count", status: "cancelled", count: 2 }]);
  });

  it("shows bytes, speed and time left while running, and the speed only once it is known", () => {
    const items: ProgressItem[] = [
      { size: 1000, loaded: 1000, status: "done" },
      { size: 3000, loaded: 1000, status: "uploading" },
    ];
    expect(panelSummary(items, null)).toEqual([{ kind: "progress", loaded: 2000, total: 4000 }]);
    expect(panelSummary(items, 500)).toEqual([
      { kind: "progress", loaded: 2000, total: 4000 },
      { kind: "speed", bytesPerSecond: 500 },
      { kind: "timeLeft", seconds: 4 },
    ]);
    expect(panelSummary(items, 0)).toEqual([{ kind: "progress", loaded: 2000, total: 4000 }]);
  });

  it("describes each file by its status", () => {
    const base = { size: 2048, loaded: 1024, speed: 1024, error: null };
    expect(itemDetail({ ...base, status: "uploading" })).toEqual([
      { kind: "progress", loaded: 1024, total: 2048 },
      { kind: "speed", bytesPerSecond: 1024 },
      { kind: "timeLeft", seconds: 1 },
    ]);
    expect(itemDetail({ ...base, loaded: 0, status: "queued" })).toEqual([
      { kind: "waiting" },
      { kind: "size", bytes: 2048 },
    ]);
    expect(itemDetail({ ...base, status: "cancelled" })).toEqual([{ kind: "progress", loaded: 1024, total: 2048 }]);
    expect(itemDetail({ ...base, loaded: 0, status: "cancelled" })).toEqual([{ kind: "size", bytes: 2048 }]);
    expect(itemDetail({ ...base, status: "failed", error: "network" })).toEqual([
      { kind: "reason", reason: "network" },
    ]);
    expect(itemDetail({ ...base, status: "done" })).toEqual([{ kind: "size", bytes: 2048 }]);
  });

  it("maps a failed answer's status to the reason shown", () => {
    expect(failureReason(0)).toBe("network");
    expect(failureReason(403)).toBe("forbidden");
    expect(failureReason(401)).toBe("forbidden");
    expect(failureReason(404)).toBe("notFound");
    expect(failureReason(500)).toBe("server");
    expect(failureReason(507)).toBe("server");
  });

  it("starts resumable uploads several at a time and a plain one alone, in queue order", () => {
    const q = (...specs: Array<[UploadStatus, boolean]>) =>
      specs.map(([status, resumable], id) => ({ id, status, resumable }));
    expect(nextToStart(q(["queued", true], ["queued", true]), 3)?.id).toBe(0);
    expect(nextToStart(q(["uploading", true], ["uploading", true], ["queued", true]), 3)?.id).toBe(2);
    expect(
      nextToStart(q(["uploading", true], ["uploading", true], ["uploading", true], ["queued", true]), 3),
    ).toBeUndefined();
    expect(nextToStart(q(["uploading", true], ["queued", false]), 3)).toBeUndefined();
    expect(nextToStart(q(["uploading", false], ["queued", true]), 3)).toBeUndefined();
    expect(nextToStart(q(["done", false], ["paused", true], ["queued", false]), 3)?.id).toBe(2);
    expect(nextToStart(q(["paused", true], ["cancelled", true]), 3)).toBeUndefined();
  });

  it("a paused upload keeps the batch open and shows its progress; nothing else running makes the headline paused", () => {
    const items: ProgressItem[] = [
      { size: 100, loaded: 40, status: "paused" },
      { size: 10, loaded: 10, status: "done" },
    ];
    expect(isBusy(items)).toBe(true);
    expect(uploadOutcome(items)).toBe("paused");
    expect(uploadOutcome([...items, { size: 5, loaded: 0, status: "queued" }])).toBe("uploading");
    expect(totalProgress(items)).toEqual({ loaded: 50, total: 110, percent: 45 });
    expect(itemDetail({ ...items[0], speed: null, error: null })).toEqual([
      { kind: "progress", loaded: 40, total: 100 },
      { kind: "paused" },
    ]);
    expect(itemDetail({ ...items[0], status: "uploading", speed: 5, error: null, stalled: true })).toEqual([
      { kind: "stalled" },
    ]);
  });
});

describe("the replace prompt's answers and the bars", () => {
  it("replaces, skips or renames each clashing top-level name, folders with all they hold", () => {
    const files = ["a.txt", "b.txt", "album/x.jpg", "album/sub/y.jpg", "new.txt"].map((relativePath) => ({
      relativePath,
    }));
    const out = applyConflictChoices(
      files,
      ["album/empty"],
      ["a.txt", "b.txt", "album"],
      { a: "replace", "a.txt": "replace", album: "keepBoth" },
      ["a.txt", "b.txt", "album", "album (1)"],
    );
    expect(out.files).toEqual([
      { relativePath: "a.txt", override: true },
      { relativePath: "album (2)/x.jpg", override: false },
      { relativePath: "album (2)/sub/y.jpg", override: false },
      { relativePath: "new.txt", override: false },
    ]);
    expect(out.emptyDirs).toEqual(["album (2)/empty"]);
  });

  it("gives a file's bar the headline's rule: 100 only once done, else at most 99, an empty file 0", () => {
    expect(itemPercent({ status: "uploading", size: 200, loaded: 200 })).toBe(99);
    expect(itemPercent({ status: "uploading", size: 200, loaded: 101 })).toBe(50);
    expect(itemPercent({ status: "done", size: 0, loaded: 0 })).toBe(100);
    expect(itemPercent({ status: "uploading", size: 0, loaded: 0 })).toBe(0);
    const one = { status: "uploading" as const, size: 200, loaded: 200 };
    expect(itemPercent(one)).toBe(totalProgress([one]).percent);
  });
});
