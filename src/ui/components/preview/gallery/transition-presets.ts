/**
 * @module The gallery's transition effects (docs/product.md "Slideshow settings": Slideshow "transitionEffect"): each
 * lg-* name of TRANSITION_EFFECTS as a Swiper effect, mostly Swiper's creative effect with a prev/next transform that
 * imitates the lightGallery transition of that name. Pure.
 */
import type { CreativeEffectOptions, CreativeEffectTransform } from "swiper/types";

/** What a Swiper needs for one transition: its effect and, for "creative", the transforms of both neighbours. */
export interface TransitionPreset {
  effect: "slide" | "fade" | "creative";
  creativeEffect?: CreativeEffectOptions;
}

/** The effect of an unknown name (an old setting): a plain slide. */
export const DEFAULT_TRANSITION = "lg-slide";

// Helpers for the neighbours' transforms: the previous slide leaves on one side, the next comes from the other.
const gone = (t: CreativeEffectTransform): CreativeEffectTransform => ({ opacity: 0, ...t });
const pair = (prev: CreativeEffectTransform, next: CreativeEffectTransform, perspective = false): TransitionPreset => ({
  effect: "creative",
  creativeEffect: { prev: gone(prev), next: gone(next), perspective, limitProgress: 1 },
});
/** Both neighbours scaled by `scale` (zoom effects: lightGallery scales the slide that is not current). */
const zoom = (prevScale: number, nextScale = prevScale) => pair({ scale: prevScale }, { scale: nextScale });
/** A move along x (or y) of the slide's size, turned by `deg` around z (lightGallery's skew, as a tilt). */
const move = (axis: "x" | "y", deg: number, cross = false, scale?: number): TransitionPreset => {
  const shift = (sign: 1 | -1) => (axis === "x" ? [`${sign * 100}%`, 0, 0] : [0, `${sign * 100}%`, 0]);
  // A plain move keeps both slides opaque, as a slide does; tilted or scaled ones fade.
  const side = (sign: 1 | -1): CreativeEffectTransform => ({
    translate: shift(sign),
    rotate: [0, 0, deg * (cross ? 1 : sign)],
    scale,
    opacity: deg || scale ? 0 : 1,
  });
  return pair(side(-1), side(1));
};
/** A tilt in place around z (`axis` "z") or a fold around x (`axis` "x"), fading out. */
const tilt = (axis: "x" | "z", deg: number): TransitionPreset => {
  const rotate = (sign: number) => (axis === "z" ? [0, 0, sign * deg] : [sign * deg, 0, 0]);
  return pair({ rotate: rotate(-1) }, { rotate: rotate(1) }, axis === "x");
};

/** Every transition of the settings' list, by name. */
export const TRANSITION_PRESETS: Readonly<Record<string, TransitionPreset>> = {
  "lg-slide": { effect: "slide" },
  "lg-fade": { effect: "fade" },
  "lg-zoom-in": zoom(1.3),
  "lg-zoom-in-big": zoom(2),
  "lg-zoom-out": zoom(0.7),
  "lg-zoom-out-big": zoom(0),
  "lg-zoom-out-in": zoom(0, 2),
  "lg-zoom-in-out": zoom(2, 0),
  "lg-soft-zoom": zoom(1.1, 0.9),
  "lg-scale-up": pair(
    { translate: ["-100%", 0, 0], scale: 0.8, opacity: 1 },
    { translate: ["100%", 0, 0], scale: 0.8, opacity: 1 },
  ),
  "lg-slide-circular": pair({ translate: ["-100%", 0, 0], scale: 0.2 }, { translate: ["100%", 0, 0], scale: 0.2 }),
  "lg-slide-circular-vertical": pair(
    { translate: [0, "-100%", 0], scale: 0.2 },
    { translate: [0, "100%", 0], scale: 0.2 },
  ),
  "lg-slide-vertical": move("y", 0),
  "lg-slide-vertical-growth": move("y", 0, false, 0.5),
  "lg-slide-skew-only": tilt("z", 10),
  "lg-slide-skew-only-rev": tilt("z", -10),
  "lg-slide-skew-only-y": tilt("x", 30),
  "lg-slide-skew-only-y-rev": tilt("x", -30),
  "lg-slide-skew": move("x", 10),
  "lg-slide-skew-rev": move("x", -10),
  "lg-slide-skew-cross": move("x", 10, true),
  "lg-slide-skew-cross-rev": move("x", -10, true),
  "lg-slide-skew-ver": move("y", 10),
  "lg-slide-skew-ver-rev": move("y", -10),
  "lg-slide-skew-ver-cross": move("y", 10, true),
  "lg-slide-skew-ver-cross-rev": move("y", -10, true),
  "lg-lollipop": pair({ translate: ["-100%", 0, 0], opacity: 1 }, { translate: [0, 0, -400], scale: 0.5 }, true),
  "lg-lollipop-rev": pair({ translate: [0, 0, -400], scale: 0.5 }, { translate: ["100%", 0, 0], opacity: 1 }, true),
  "lg-rotate": pair({ rotate: [0, 0, -360], scale: 0.3 }, { rotate: [0, 0, 360], scale: 0.3 }),
  "lg-rotate-rev": pair({ rotate: [0, 0, 360], scale: 0.3 }, { rotate: [0, 0, -360], scale: 0.3 }),
  "lg-tube": pair(
    { translate: [0, "-50%", -200], rotate: [90, 0, 0] },
    { translate: [0, "50%", -200], rotate: [-90, 0, 0] },
    true,
  ),
};

/** The Swiper effect for a transition name of the settings; an unknown name gives the plain slide. */
export function transitionPreset(name: string): TransitionPreset {
  return TRANSITION_PRESETS[name] ?? TRANSITION_PRESETS[DEFAULT_TRANSITION]!;
}
