import { describe, expect, it } from "bun:test";
import { neighbours } from "../../../../src/ui/components/preview/siblings";

const f = (path: string, type: string, isDir = false) => ({ path, type, isDir });
const items = [f("/d/", "", true), f("/a.jpg", "image"), f("/b.txt", "text"), f("/c.png", "image"), f("/d.md", "textImmutable"), f("/e.gif", "image")];

describe("preview neighbours (SPEC §2 Preview: same-type siblings)", () => {
  it("moves among images only", () => {
    expect(neighbours(items, "/c.png")).toEqual({ prev: items[1], next: items[5], position: 2, count: 3 });
  });

  it("has no previous for the first and no next for the last", () => {
    expect(neighbours(items, "/a.jpg").prev).toBeNull();
    expect(neighbours(items, "/e.gif").next).toBeNull();
  });

  it("treats text and read-only text as one type", () => {
    expect(neighbours(items, "/b.txt").next?.path).toBe("/d.md");
  });

  it("gives nothing for a file that is not listed", () => {
    expect(neighbours(items, "/zzz.jpg")).toEqual({ prev: null, next: null, position: 0, count: 0 });
  });
});
