import { describe, expect, it } from "bun:test";
import { TRANSITION_PARTS, transitionOptions } from "../../../src/ui/stores/transition-names";
import { TRANSITION_EFFECTS } from "../../../src/shared/wire/settings";

describe("slideshow transition names", () => {
  it("name every effect of the settings, each differently, without its class name", () => {
    const options = transitionOptions((move, ways) => (ways.length ? `${move} (${ways.join(", ")})` : move));
    expect(options.map((o) => o.value)).toEqual([...TRANSITION_EFFECTS]);
    expect(Object.keys(TRANSITION_PARTS).sort()).toEqual([...TRANSITION_EFFECTS].sort());
    expect(new Set(options.map((o) => o.label)).size).toBe(TRANSITION_EFFECTS.length);
    expect(options.find((o) => o.value === "lg-slide-skew-cross-rev")?.label).toBe("slide (skewed, crossed, reversed)");
    expect(options.some((o) => o.label.startsWith("lg-"))).toBe(false);
  });
});
