/** @module The gallery's auto slideshow (SPEC §2 image keys: Space toggles it, with its two messages). */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../../notify";

/** The slideshow's state and controls for one Swiper. */
export interface Slideshow {
  running: boolean;
  /** Starts or stops it and says which (SPEC §8 messages). */
  toggle: () => void;
  /** Receives the bar that shows the time left to the next image (scaled along x from 1 to 0). */
  progressRef: React.RefObject<HTMLSpanElement | null>;
  /** Swiper event handlers to spread on the <Swiper>. */
  handlers: {
    onAutoplayStart: () => void;
    onAutoplayStop: () => void;
    onAutoplayTimeLeft: (s: SwiperInstance, ms: number, ratio: number) => void;
  };
}

/** Follows the autoplay of `swiper` (Swiper's Autoplay module runs the timer). */
export function useSlideshow(swiper: SwiperInstance | null, startsRunning: boolean): Slideshow {
  const { t } = useTranslation();
  const [running, setRunning] = useState(startsRunning);
  const progressRef = useRef<HTMLSpanElement | null>(null);
  useEffect(() => {
    if (swiper && !swiper.destroyed) setRunning(swiper.autoplay.running);
  }, [swiper]);
  const toggle = useCallback(() => {
    if (!swiper || swiper.destroyed) return;
    if (swiper.autoplay.running) {
      swiper.autoplay.stop();
      notifySuccess(t("preview.gallery.slideshowDisabled"));
    } else {
      swiper.autoplay.start();
      notifySuccess(t("preview.gallery.slideshowEnabled"));
    }
  }, [swiper, t]);
  const handlers = {
    onAutoplayStart: () => setRunning(true),
    onAutoplayStop: () => setRunning(false),
    // Called on every animation frame: the bar is styled directly rather than through React state.
    onAutoplayTimeLeft: (_s: SwiperInstance, _ms: number, ratio: number) => {
      if (progressRef.current) progressRef.current.style.transform = `scaleX(${Math.min(1, Math.max(0, ratio))})`;
    },
  };
  return { running, toggle, progressRef, handlers };
}
