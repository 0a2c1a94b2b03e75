/**
 * @module Readable names of the gallery's slideshow transitions (the lightGallery class names such as
 * `lg-slide-skew-cross-rev`): each is a movement and its variations, both words of the locale files.
 */
import { TRANSITION_EFFECTS } from "../../shared/wire/settings";

/** A movement word (settings.global.slideshow.moves.*). */
export type TransitionMove =
  | "slide"
  | "fade"
  | "zoomIn"
  | "zoomOut"
  | "zoomInOut"
  | "zoomOutIn"
  | "softZoom"
  | "scaleUp"
  | "skew"
  | "lollipop"
  | "rotate"
  | "tube";
/** A variation word (settings.global.slideshow.ways.*). */
export type TransitionWay = "strong" | "circular" | "vertical" | "growing" | "skewed" | "crossed" | "reversed";

/** Each effect as its movement and variations, in the order of TRANSITION_EFFECTS. */
export const TRANSITION_PARTS: Readonly<Record<string, readonly [TransitionMove, ...TransitionWay[]]>> = {
  "lg-slide": ["slide"],
  "lg-fade": ["fade"],
  "lg-zoom-in": ["zoomIn"],
  "lg-zoom-in-big": ["zoomIn", "strong"],
  "lg-zoom-out": ["zoomOut"],
  "lg-zoom-out-big": ["zoomOut", "strong"],
  "lg-zoom-out-in": ["zoomOutIn"],
  "lg-zoom-in-out": ["zoomInOut"],
  "lg-soft-zoom": ["softZoom"],
  "lg-scale-up": ["scaleUp"],
  "lg-slide-circular": ["slide", "circular"],
  "lg-slide-circular-vertical": ["slide", "circular", "vertical"],
  "lg-slide-vertical": ["slide", "vertical"],
  "lg-slide-vertical-growth": ["slide", "vertical", "growing"],
  "lg-slide-skew-only": ["skew"],
  "lg-slide-skew-only-rev": ["skew", "reversed"],
  "lg-slide-skew-only-y": ["skew", "vertical"],
  "lg-slide-skew-only-y-rev": ["skew", "vertical", "reversed"],
  "lg-slide-skew": ["slide", "skewed"],
  "lg-slide-skew-rev": ["slide", "skewed", "reversed"],
  "lg-slide-skew-cross": ["slide", "skewed", "crossed"],
  "lg-slide-skew-cross-rev": ["slide", "skewed", "crossed", "reversed"],
  "lg-slide-skew-ver": ["slide", "skewed", "vertical"],
  "lg-slide-skew-ver-rev": ["slide", "skewed", "vertical", "reversed"],
  "lg-slide-skew-ver-cross": ["slide", "skewed", "vertical", "crossed"],
  "lg-slide-skew-ver-cross-rev": ["slide", "skewed", "vertical", "crossed", "reversed"],
  "lg-lollipop": ["lollipop"],
  "lg-lollipop-rev": ["lollipop", "reversed"],
  "lg-rotate": ["rotate"],
  "lg-rotate-rev": ["rotate", "reversed"],
  "lg-tube": ["tube"],
};

/**
 * The options of the transition select: each effect's value and its name built by `name(move, ways)` ("Slide",
 * "Slide (skewed, crossed, reversed)"); an effect this table does not know keeps its class name.
 */
export function transitionOptions(
  name: (move: TransitionMove, ways: readonly TransitionWay[]) => string,
): { value: string; label: string }[] {
  return TRANSITION_EFFECTS.map((value) => {
    const parts = TRANSITION_PARTS[value];
    return { value, label: parts ? name(parts[0], parts.slice(1) as TransitionWay[]) : value };
  });
}
