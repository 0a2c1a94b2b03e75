import { describe, expect, it } from "bun:test";
import { TRANSITION_EFFECTS } from "../../../../../src/shared/wire/settings";
import {
  TRANSITION_PRESETS,
  transitionPreset,
} from "../../../../../src/ui/components/preview/gallery/transition-presets";

describe('gallery transition presets (docs/product.md "Slideshow settings": Slideshow transitionEffect)', () => {
  it("has a Swiper effect for every name the settings offer, and no other", () => {
    expect(Object.keys(TRANSITION_PRESETS).sort()).toEqual([...TRANSITION_EFFECTS].sort());
  });

  it("gives every name its own transition, so each choice shows differently", () => {
    const seen = TRANSITION_EFFECTS.map((n) => JSON.stringify(transitionPreset(n)));
    expect(new Set(seen).size).toBe(TRANSITION_EFFECTS.length);
  });

  it("uses Swiper's slide and fade for lg-slide and lg-fade, and creative transforms for the others", () => {
    expect(transitionPreset("lg-slide")).toEqual({ effect: "slide" });
    expect(transitionPreset("lg-fade")).toEqual({ effect: "fade" });
    for (const name of TRANSITION_EFFECTS.filter((n) => n !== "lg-slide" && n !== "lg-fade")) {
      const p = transitionPreset(name);
      expect(p.effect).toBe("creative");
      expect(p.creativeEffect?.prev).toBeDefined();
      expect(p.creativeEffect?.next).toBeDefined();
    }
  });

  it("zooms the neighbours in or out as the zoom names say", () => {
    expect(transitionPreset("lg-zoom-in").creativeEffect?.next?.scale).toBeGreaterThan(1);
    expect(transitionPreset("lg-zoom-out").creativeEffect?.next?.scale).toBeLessThan(1);
    expect(transitionPreset("lg-slide-vertical").creativeEffect?.next?.translate).toEqual([0, "100%", 0]);
  });

  it("falls back to the plain slide for a name it does not know", () => {
    expect(transitionPreset("lg-unknown")).toEqual({ effect: "slide" });
  });
});
