import { describe, expect, it } from "bun:test";
import { SIZE_MEASURING, restoreConflictOf, trashSizeText, trashedItems } from "../../../src/ui/stores/trash-rules";

describe("trash sizes", () => {
  it("shows the listing's size format, and … for a folder still being measured", () => {
    expect(trashSizeText(0)).toBe("0 B");
    expect(trashSizeText(1536)).toBe("1.5 KiB");
    expect(trashSizeText(-1)).toBe(SIZE_MEASURING);
    expect(SIZE_MEASURING).toBe("…");
  });
});

describe("the name-taken question of a restore", () => {
  it("sends replace for Replace, rename for Keep both, and nothing for Cancel", () => {
    expect(restoreConflictOf("replace")).toBe("replace");
    expect(restoreConflictOf("keepBoth")).toBe("rename");
    expect(restoreConflictOf("skip")).toBeNull();
  });
});

describe("what the Undo of a delete puts back", () => {
  it("keeps the items whose delete named a trash entry, in the order they were deleted", () => {
    expect(
      trashedItems([
        { path: "/a.txt", trashId: "t1" },
        { path: "/gone.txt", trashId: null },
        { path: "/docs/", trashId: "t2" },
      ]),
    ).toEqual([
      { id: "t1", path: "/a.txt" },
      { id: "t2", path: "/docs/" },
    ]);
    expect(trashedItems([{ path: "/b.txt", trashId: null }])).toEqual([]);
  });
});
