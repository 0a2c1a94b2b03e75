/**
 * @module The gallery's auto slideshow (docs/product.md "Image gallery": Space toggles it, with its two messages).
 * Started by the user, it shows the gallery full screen; Esc (or leaving full screen) stops it before Esc would close
 * the preview.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../../notify";

/** How long after the browser left full screen an Esc still counts as the one that left it (ms). */
const ESC_AFTER_FULLSCREEN_MS = 500;

/** The slideshow's state and controls for one Swiper. */
export interface Slideshow {
  running: boolean;
  /** Starts or stops it and says which (docs/product.md "Image gallery"). */
  toggle: () => void;
  /**
   * Stops it and leaves its full screen, for Esc: true when there was something to leave (a running slideshow, its
   * full screen, or the full screen the browser just left on this same Esc).
   */
  leave: () => boolean;
  /** Receives the bar that shows the time left to the next image (scaled along x from 1 to 0). */
  progressRef: React.RefObject<HTMLSpanElement | null>;
  /** Swiper event handlers to spread on the <Swiper>. */
  handlers: {
    onAutoplayStart: () => void;
    onAutoplayStop: () => void;
    onAutoplayTimeLeft: (s: SwiperInstance, ms: number, ratio: number) => void;
  };
}

/** Follows the autoplay of `swiper` (Swiper's Autoplay module runs the timer); `stage` is what goes full screen. */
export function useSlideshow(
  swiper: SwiperInstance | null,
  startsRunning: boolean,
  stage: React.RefObject<HTMLElement | null>,
): Slideshow {
  const { t } = useTranslation();
  const [running, setRunning] = useState(startsRunning);
  const progressRef = useRef<HTMLSpanElement | null>(null);
  /** When the browser left full screen by itself (its Esc or exit button), 0 once an Esc was counted for it. */
  const leftFullscreenAt = useRef(0);
  /** When `leave` last stopped something: the browser may report leaving full screen after that same Esc. */
  const escHandledAt = useRef(Number.NEGATIVE_INFINITY);
  const leaving = useRef(false);
  useEffect(() => {
    if (swiper && !swiper.destroyed) setRunning(swiper.autoplay.running);
  }, [swiper]);

  const ownsFullscreen = useCallback(
    () => Boolean(stage.current && document.fullscreenElement === stage.current),
    [stage],
  );
  const stop = useCallback(() => {
    if (swiper && !swiper.destroyed && swiper.autoplay.running) {
      swiper.autoplay.stop();
      notifySuccess(t("preview.gallery.slideshowDisabled"));
    }
    if (ownsFullscreen()) {
      leaving.current = true;
      void document.exitFullscreen().catch(() => {});
    }
  }, [swiper, t, ownsFullscreen]);

  const toggle = useCallback(() => {
    if (!swiper || swiper.destroyed) return;
    if (swiper.autoplay.running) return stop();
    swiper.autoplay.start();
    notifySuccess(t("preview.gallery.slideshowEnabled"));
    // The browser may refuse (no user gesture, an iframe without permission): the slideshow then runs in the page.
    if (!document.fullscreenElement) void stage.current?.requestFullscreen?.().catch(() => {});
  }, [swiper, t, stop, stage]);

  // The browser's own Esc (or its exit button) leaves full screen without our key handler: the slideshow stops too.
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement || !stage.current) return;
      // The browser can drop full screen on an Esc it also hands to the page, and fire this event only at the next
      // frame, after `leave` counted that Esc: it is not counted again, or the next Esc (closing the preview) is lost.
      const now = performance.now();
      if (!leaving.current && now - escHandledAt.current >= ESC_AFTER_FULLSCREEN_MS) leftFullscreenAt.current = now;
      leaving.current = false;
      if (swiper && !swiper.destroyed && swiper.autoplay.running) stop();
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [swiper, stop, stage]);

  const leave = useCallback(() => {
    const justLeft = performance.now() - leftFullscreenAt.current < ESC_AFTER_FULLSCREEN_MS;
    leftFullscreenAt.current = 0;
    const active = Boolean(swiper && !swiper.destroyed && swiper.autoplay.running) || ownsFullscreen();
    if (active) {
      escHandledAt.current = performance.now();
      stop();
    }
    return active || justLeft;
  }, [swiper, stop, ownsFullscreen]);

  const handlers = {
    onAutoplayStart: () => setRunning(true),
    onAutoplayStop: () => setRunning(false),
    // Called on every animation frame: the bar is styled directly rather than through React state.
    onAutoplayTimeLeft: (_s: SwiperInstance, _ms: number, ratio: number) => {
      if (progressRef.current) progressRef.current.style.transform = `scaleX(${Math.min(1, Math.max(0, ratio))})`;
    },
  };
  return { running, toggle, leave, progressRef, handlers };
}
