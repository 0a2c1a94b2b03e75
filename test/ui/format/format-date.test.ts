import { describe, expect, it } from "bun:test";
import { formatRelative, relativeParts } from "../../../src/ui/format/format-date";

const NOW = new Date("2026-11-21T12:00:00Z");
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe("relative dates", () => {
  it("picks the largest fitting unit", () => {
    expect(relativeParts(new Date(ago(30)), NOW)).toEqual([-30, "second"]);
    expect(relativeParts(new Date(ago(180)), NOW)).toEqual([-3, "minute"]);
    expect(relativeParts(new Date(ago(5 * 3600)), NOW)).toEqual([-5, "hour"]);
    expect(relativeParts(new Date(ago(3 * 86400)), NOW)).toEqual([-3, "day"]);
    expect(relativeParts(new Date(ago(400 * 86400)), NOW)).toEqual([-1, "year"]);
  });

  it("formats in the interface language", () => {
    expect(formatRelative(ago(180), "en", NOW)).toBe("3 minutes ago");
    expect(formatRelative(ago(86400), "en", NOW)).toBe("yesterday");
    expect(formatRelative(ago(180), "ja", NOW)).toBe("3 分前");
  });

  it("gives an empty string for a broken timestamp", () => {
    expect(formatRelative("not a date", "en", NOW)).toBe("");
  });
});
