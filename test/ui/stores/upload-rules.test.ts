import { describe, expect, it } from "bun:test";
import { findConflicts, isBusy, totalProgress, type ProgressItem } from "../../../src/ui/stores/upload-rules";

describe("upload rules (SPEC §4 Upload)", () => {
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
    ];
    expect(totalProgress(items)).toEqual({ loaded: 199, total: 200, percent: 99 });
  });

  it("shows 100 when everything is done, 0 with nothing to send", () => {
    expect(totalProgress([{ size: 0, loaded: 0, status: "done" }]).percent).toBe(100);
    expect(totalProgress([]).percent).toBe(0);
  });

  it("is busy while anything is queued or uploading", () => {
    expect(isBusy([{ size: 1, loaded: 0, status: "queued" }])).toBe(true);
    expect(isBusy([{ size: 1, loaded: 1, status: "done" }, { size: 1, loaded: 0, status: "skipped" }])).toBe(false);
  });
});
