import { describe, expect, it } from "bun:test";
import { canOpenRename, cleanName, isValidMode, sanitizeMode } from "../../../src/ui/stores/operation-rules";

describe("operation rules", () => {
  it("trims names and refuses empty ones, slashes and dot names", () => {
    expect(cleanName("  a b.txt ")).toBe("a b.txt");
    expect(cleanName("   ")).toBeNull();
    expect(cleanName("a/b")).toBeNull();
    expect(cleanName("..")).toBeNull();
  });

  it("accepts chmod modes of one to three octal digits", () => {
    expect(isValidMode("755")).toBe(true);
    expect(isValidMode("7")).toBe(true);
    expect(isValidMode("0777")).toBe(false);
    expect(isValidMode("789")).toBe(false);
    expect(isValidMode("")).toBe(false);
    expect(sanitizeMode("7a59x1")).toBe("751");
  });

  it("opens rename with F2 only with the permission, not while loading, not in the editor, one item in a listing", () => {
    const base = { canRename: true, loading: false, view: "listing" as const, selectedCount: 1 };
    expect(canOpenRename(base)).toBe(true);
    expect(canOpenRename({ ...base, selectedCount: 2 })).toBe(false);
    expect(canOpenRename({ ...base, canRename: false })).toBe(false);
    expect(canOpenRename({ ...base, loading: true })).toBe(false);
    expect(canOpenRename({ ...base, view: "editor" })).toBe(false);
    expect(canOpenRename({ ...base, view: "preview", selectedCount: 0 })).toBe(true);
  });
});
