import { describe, expect, it } from "bun:test";
import { naturalCompare } from "../../../src/server/fs/natural-order";

describe("naturalCompare", () => {
  it("orders digit runs by value and the rest by character", () => {
    const names = [
      "file10.txt",
      "file2.txt",
      "file1.txt",
      "file02.txt",
      "b",
      "a10b",
      "a9b",
      "a",
      "file.txt",
      "100",
      "20",
    ];
    expect([...names].sort(naturalCompare)).toEqual([
      "20",
      "100",
      "a",
      "a9b",
      "a10b",
      "b",
      "file.txt",
      "file1.txt",
      "file2.txt",
      "file02.txt",
      "file10.txt",
    ]);
  });

  it("is zero only for equal strings", () => {
    expect(naturalCompare("abc", "abc")).toBe(0);
    expect(naturalCompare("abc", "abcd")).toBeLessThan(0);
    expect(naturalCompare("a01", "a1")).toBeGreaterThan(0);
  });
});
