import { describe, expect, it } from "bun:test";
import { entryEscapes, linkEscapes } from "../../../src/server/archive/entry-safety";

describe("archive entries that escape the output folder", () => {
  it("refuses absolute names and names with '..' segments, with either separator", () => {
    for (const p of ["../evil.txt", "a/../../evil", "/etc/passwd", "\\windows\\x", "C:\\x", "a\\..\\..\\b", ".."]) {
      expect(entryEscapes(p)).toBe(true);
    }
  });

  it("accepts ordinary names, including dots inside names", () => {
    for (const p of ["a.txt", "dir/sub/file", "./x", "..hidden", "a..b/c", "dir/"]) expect(entryEscapes(p)).toBe(false);
  });

  it("refuses links with absolute targets or targets that climb above the folder", () => {
    expect(linkEscapes("d/out", "../../etc/passwd")).toBe(true);
    expect(linkEscapes("top", "../x")).toBe(true);
    expect(linkEscapes("d/abs", "/etc/hostname")).toBe(true);
    expect(linkEscapes("d/e", "sub/../../../x")).toBe(true);
    expect(linkEscapes("d/e", "")).toBe(true);
  });

  it("accepts links that stay inside, even through '..'", () => {
    expect(linkEscapes("d/in", "f.txt")).toBe(false);
    expect(linkEscapes("d/sub/in", "../f.txt")).toBe(false);
    expect(linkEscapes("d/in", "../d/f.txt")).toBe(false);
  });
});
