import { describe, expect, it } from "bun:test";
import { durationParts, formatDuration } from "../../../src/ui/format/format-duration";

describe("durations of time left", () => {
  it("keeps seconds under an hour and drops them above", () => {
    expect(durationParts(45)).toEqual({ hours: 0, minutes: 0, seconds: 45 });
    expect(durationParts(200)).toEqual({ hours: 0, minutes: 3, seconds: 20 });
    expect(durationParts(7530)).toEqual({ hours: 2, minutes: 5, seconds: 0 });
    expect(durationParts(0.2)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
  });

  it("names the units in the interface language", () => {
    expect(formatDuration(45, "en")).toBe("45 sec");
    expect(formatDuration(200, "en")).toBe("3 min 20 sec");
    expect(formatDuration(7530, "en")).toBe("2 hr 5 min");
    expect(formatDuration(0, "en")).toBe("0 sec");
    expect(formatDuration(200, "ru")).toBe("3 мин 20 с");
    expect(formatDuration(45, "zh-cn")).toBe("45秒");
  });
});
