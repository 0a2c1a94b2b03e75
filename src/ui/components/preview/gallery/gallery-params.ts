/**
 * @module The gallery's Swiper options from the global Slideshow settings (docs/product.md "Slideshow settings",
 * "Slideshow and video defaults"), and the thumbnail strip's sizes. Pure.
 */
import type { SwiperOptions } from "swiper/types";
import type { SettingsCore } from "../../../../shared/wire/settings";
import { transitionPreset } from "./transition-presets";

/** Width of the gallery's thumbnail strip images, CSS px (docs/product.md "Slideshow and video defaults"). */
export const SLIDESHOW_THUMB_WIDTH = 100;
/** Gap between the gallery's thumbnails, px (gallery.css `.gallery-thumbs`). */
export const SLIDESHOW_THUMB_GAP_PX = 6;

/** The Slideshow fieldset of the global settings. */
export type SlideshowSettings = SettingsCore["slideshow"];

/**
 * Swiper's Virtual module mounts the current slide and one more on each side, plus these: the slides within
 * `preloadRange` of the current one are in the page and no others (at least one neighbour, so a swipe shows it).
 */
export function extraVirtualSlides(preloadRange: number): number {
  return Math.max(0, Math.floor(preloadRange) - 1);
}

/**
 * Options of the main Swiper: transition effect and speed, rewind at the ends when continuous, the virtual window,
 * autoplay (started at once with autoplaySlide; Space starts it otherwise) and the dot indicator. Zoom is the
 * gallery's own (useImageZoom.ts).
 */
export function mainSwiperOptions(s: SlideshowSettings): SwiperOptions {
  const preset = transitionPreset(s.transitionEffect);
  const extra = extraVirtualSlides(s.preloadRange);
  return {
    speed: s.transitionSpeed,
    rewind: s.continuous,
    effect: preset.effect,
    ...(preset.creativeEffect ? { creativeEffect: preset.creativeEffect } : {}),
    fadeEffect: { crossFade: true },
    virtual: { enabled: true, addSlidesBefore: extra, addSlidesAfter: extra },
    autoplay: {
      enabled: s.autoplaySlide,
      delay: s.autoplayInterval,
      disableOnInteraction: false,
      stopOnLastSlide: !s.continuous,
    },
    // Many images keep the dots few: the ones around the current image are shown, the others shrink away.
    pagination: s.showDotIndicator
      ? { enabled: true, clickable: true, dynamicBullets: true, dynamicMainBullets: 5 }
      : { enabled: false },
    // Our shortcut table handles the keys (docs/product.md "Image gallery"); Swiper's own keyboard module stays off.
    keyboard: { enabled: false },
  };
}

/** How many thumbnails fit in a strip `widthPx` wide (at least one). */
export function thumbsPerView(widthPx: number): number {
  return Math.max(1, Math.floor((widthPx + SLIDESHOW_THUMB_GAP_PX) / (SLIDESHOW_THUMB_WIDTH + SLIDESHOW_THUMB_GAP_PX)));
}

/** The width to ask the server for a thumbnail, in device pixels: the strip's 100 CSS px times the pixel ratio. */
export function thumbPixelWidth(devicePixelRatio: number): number {
  return Math.round(SLIDESHOW_THUMB_WIDTH * Math.max(1, devicePixelRatio || 1));
}
