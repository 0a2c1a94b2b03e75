import { describe, expect, it } from "bun:test";
import { parseMode } from "../../../src/server/fs/chmod";

describe('chmod mode parsing (docs/product.md "Chmod mode": at most 3 octal characters)', () => {
  it("reads one to three octal digits as chmod does", () => {
    expect(parseMode("755")).toBe(0o755);
    expect(parseMode("644")).toBe(0o644);
    expect(parseMode("7")).toBe(0o7);
    expect(parseMode("55")).toBe(0o55);
    expect(parseMode("000")).toBe(0);
  });

  it("refuses anything else with the documented message", () => {
    for (const bad of [undefined, "", "8", "1000", "0755", "rwx", "-1", " 755", "7a"]) {
      expect(() => parseMode(bad)).toThrow("400 Bad Request (mode must be 1-3 octal digits)");
    }
  });
});
