import { describe, expect, it } from "bun:test";
import { contentDisposition, parseRange } from "../../../src/server/http/file-response";

describe("parseRange", () => {
  it("parses single byte ranges, clamping the end to the size", () => {
    expect(parseRange("bytes=0-0", 10)).toEqual([0, 0]);
    expect(parseRange("bytes=2-", 10)).toEqual([2, 9]);
    expect(parseRange("bytes=-3", 10)).toEqual([7, 9]);
    expect(parseRange("bytes=5-100", 10)).toEqual([5, 9]);
    expect(parseRange("bytes=-100", 10)).toEqual([0, 9]);
  });

  it("serves the whole body for no header, other units and multiple ranges", () => {
    expect(parseRange(null, 10)).toBeNull();
    expect(parseRange("items=0-1", 10)).toBeNull();
    expect(parseRange("bytes=0-1,3-4", 10)).toBeNull();
  });

  it("throws 416 for unsatisfiable ranges", () => {
    expect(() => parseRange("bytes=10-", 10)).toThrow("416");
    expect(() => parseRange("bytes=5-2", 10)).toThrow("416");
    expect(() => parseRange("bytes=-0", 10)).toThrow("416");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the RFC 8187 UTF-8 name", () => {
    expect(contentDisposition('a "b".txt', false)).toBe(
      `attachment; filename="a _b_.txt"; filename*=UTF-8''a%20%22b%22.txt`,
    );
    expect(contentDisposition("日本.pdf", true)).toBe(
      `inline; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`,
    );
    expect(contentDisposition("it's (1).txt", false)).toContain("filename*=UTF-8''it%27s%20%281%29.txt");
  });
});
