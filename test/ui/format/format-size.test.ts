import { describe, expect, it } from "bun:test";
import { formatSize } from "../../../src/ui/format/format-size";

describe("formatSize", () => {
  it("shows whole bytes below 1 KiB", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(6)).toBe("6 B");
    expect(formatSize(1023)).toBe("1023 B");
  });

  it("uses binary units with one decimal and drops a trailing .0", () => {
    expect(formatSize(1024)).toBe("1 KiB");
    expect(formatSize(1536)).toBe("1.5 KiB");
    expect(formatSize(123456)).toBe("120.6 KiB");
    expect(formatSize(2 * 1024 * 1024)).toBe("2 MiB");
    expect(formatSize(5.25 * 1024 ** 3)).toBe("5.3 GiB");
    expect(formatSize(1024 ** 4)).toBe("1 TiB");
  });

  it("moves to the next unit when rounding reaches 1024", () => {
    expect(formatSize(1024 * 1024 - 1)).toBe("1 MiB");
  });

  it("gives an empty string for impossible sizes", () => {
    expect(formatSize(-1)).toBe("");
    expect(formatSize(Number.NaN)).toBe("");
  });
});
