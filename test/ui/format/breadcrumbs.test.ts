import { describe, expect, it } from "bun:test";
import { breadcrumbTrail, foldCrumbs } from "../../../src/ui/format/breadcrumbs";

describe("breadcrumbTrail", () => {
  it("has no crumbs at the root (the home link stands alone)", () => {
    expect(breadcrumbTrail("/")).toEqual([]);
  });

  it("gives one crumb per folder, each opening its own folder", () => {
    expect(breadcrumbTrail("/a/b c/")).toEqual([
      { name: "a", path: "/a/" },
      { name: "b c", path: "/a/b c/" },
    ]);
  });

  it("shows three segments in full", () => {
    expect(breadcrumbTrail("/a/b/c/").map((c) => c.name)).toEqual(["a", "b", "c"]);
  });

  it("folds earlier segments into a leading '...' that opens the deepest hidden folder", () => {
    const trail = breadcrumbTrail("/a/b/c/d/e/");
    expect(trail.map((c) => c.name)).toEqual(["...", "c", "d", "e"]);
    expect(trail[0].path).toBe("/a/b/");
    expect(trail[0].hidden?.map((c) => c.path)).toEqual(["/a/", "/a/b/"]);
    expect(trail[3].path).toBe("/a/b/c/d/e/");
  });

  it("folds a folded trail again to fewer names, the '...' then listing every hidden ancestor", () => {
    const narrow = foldCrumbs(breadcrumbTrail("/a/b/c/d/e/"), 1);
    expect(narrow.map((c) => c.name)).toEqual(["...", "e"]);
    expect(narrow[0].path).toBe("/a/b/c/d/");
    expect(narrow[0].hidden?.map((c) => c.name)).toEqual(["a", "b", "c", "d"]);
    expect(foldCrumbs(breadcrumbTrail("/a/"), 1)).toEqual([{ name: "a", path: "/a/" }]);
  });

  it("keeps a file's own name without a trailing slash", () => {
    expect(breadcrumbTrail("/docs/x.txt").at(-1)).toEqual({ name: "x.txt", path: "/docs/x.txt" });
  });
});
