import { describe, expect, it } from "bun:test";
import { canSubmitTo, pickerDestination, pickerEntries, togglePick } from "../../../src/ui/stores/folder-picker-rules";

const item = (name: string, isDir: boolean, dir = "/docs/") => ({
  name,
  path: `${dir}${name}${isDir ? "/" : ""}`,
  isDir,
});

describe("folder picker rules", () => {
  it("lists '..' first and then only subfolders, by natural name order", () => {
    const entries = pickerEntries({
      path: "/docs/",
      items: [item("b10", true), item("a.txt", false), item("b2", true)],
    });
    expect(entries.map((e) => e.name)).toEqual(["..", "b2", "b10"]);
    expect(entries[0]).toEqual({ name: "..", path: "/", parent: true });
  });

  it("has no '..' at the root", () => {
    expect(pickerEntries({ path: "/", items: [item("x", true, "/")] }).map((e) => e.name)).toEqual(["x"]);
  });

  it("clicking picks a folder and clicking it again drops the pick", () => {
    expect(togglePick(null, "/a/")).toBe("/a/");
    expect(togglePick("/a/", "/a/")).toBeNull();
    expect(togglePick("/a/", "/b/")).toBe("/b/");
  });

  it("the destination is the picked folder, or the folder being browsed", () => {
    expect(pickerDestination("/docs/", "/docs/sub/")).toBe("/docs/sub/");
    expect(pickerDestination("/docs/", null)).toBe("/docs/");
  });

  it("disables Move and Copy when the destination is the current folder", () => {
    expect(canSubmitTo("/docs/", "/docs/")).toBe(false);
    expect(canSubmitTo("/docs", "/docs/")).toBe(false);
    expect(canSubmitTo("/docs/sub/", "/docs/")).toBe(true);
    expect(canSubmitTo("/", "/docs/")).toBe(true);
  });

  it("disables them for a folder being sent, or a folder inside it", () => {
    expect(canSubmitTo("/docs/sub/", "/docs/", ["/docs/sub/"])).toBe(false);
    expect(canSubmitTo("/docs/sub/deep/", "/docs/", ["/docs/sub/", "/docs/a.txt"])).toBe(false);
    expect(canSubmitTo("/docs/subway/", "/docs/", ["/docs/sub/"])).toBe(true);
  });
});
