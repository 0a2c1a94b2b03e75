import { describe, expect, it } from "bun:test";
import { baseName, isInside, keepBothName, planTransfer } from "../../../src/ui/stores/transfer-rules";

describe("transfer rules", () => {
  it("puts each item under its name in the destination, folders with a trailing slash", () => {
    expect(planTransfer("copy", ["/a/x.txt", "/a/dir/"], "/b").steps).toEqual([
      { from: "/a/x.txt", to: "/b/x.txt", name: "x.txt", keepBoth: false },
      { from: "/a/dir/", to: "/b/dir/", name: "dir", keepBoth: false },
    ]);
  });

  it("refuses a folder into itself or its subfolder", () => {
    const plan = planTransfer("move", ["/a/dir/"], "/a/dir/sub/");
    expect(plan.steps).toEqual([]);
    expect(plan.intoItself).toEqual(["/a/dir/"]);
    expect(planTransfer("move", ["/a/dir/"], "/a/dir/").intoItself).toEqual(["/a/dir/"]);
  });

  it("does not treat a sibling with a longer name as inside", () => {
    expect(isInside("/a/dir2/", "/a/dir/")).toBe(false);
    expect(isInside("/a/dir/x/", "/a/dir/")).toBe(true);
  });

  it("skips a move into the same folder and keeps both for a copy there", () => {
    expect(planTransfer("move", ["/a/x.txt"], "/a/").unchanged).toEqual(["/a/x.txt"]);
    expect(planTransfer("copy", ["/a/x.txt"], "/a/").steps[0].keepBoth).toBe(true);
  });

  it("names the last segment", () => {
    expect(baseName("/a/b/")).toBe("b");
    expect(baseName("/a/b.txt")).toBe("b.txt");
  });
});

describe("keep both", () => {
  it("numbers the name as the server does, skipping taken numbers; folders keep dots whole", () => {
    expect(keepBothName("c.txt", false, new Set(["c.txt", "c (1).txt"]))).toBe("c (2).txt");
    expect(keepBothName("logs.tar.gz", false, new Set())).toBe("logs (1).tar.gz");
    expect(keepBothName("v1.2", true, new Set())).toBe("v1.2 (1)");
  });
});
