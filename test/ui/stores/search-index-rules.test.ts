import { describe, expect, it } from "bun:test";
import { indexPhase, shouldPoll } from "../../../src/ui/stores/search-index-rules";

const status = (
  over: Partial<{
    entries: number;
    builtAt: number | null;
    building: boolean;
    state: "building" | "ready" | "absent";
  }> = {},
) => ({
  entries: 12,
  builtAt: 1_700_000_000_000,
  building: false,
  state: "ready" as const,
  watch: null,
  ...over,
});

describe("index status line", () => {
  it("is idle when the index is ready and no walk runs", () => {
    expect(indexPhase(status(), false)).toBe("idle");
    expect(shouldPoll(status(), false)).toBe(false);
  });

  it("shows building and keeps asking while a walk runs, during the first build too", () => {
    expect(indexPhase(status({ building: true }), false)).toBe("building");
    expect(indexPhase(status({ state: "building", builtAt: null }), false)).toBe("building");
    expect(shouldPoll(status({ building: true }), false)).toBe(true);
  });

  it("shows building right after a rebuild was asked, before the next status comes back", () => {
    expect(indexPhase(status(), true)).toBe("building");
    expect(indexPhase(null, true)).toBe("building");
    expect(shouldPoll(status(), true)).toBe(true);
  });

  it("says absent when the server keeps no index, and does not ask again", () => {
    expect(indexPhase(status({ state: "absent", entries: 0, builtAt: null }), false)).toBe("absent");
    expect(shouldPoll(status({ state: "absent" }), false)).toBe(false);
  });
});
