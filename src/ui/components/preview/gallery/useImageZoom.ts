/**
 * @module Zoom and pan of the gallery's current image (docs/product.md "Image gallery": images zoom with the wheel, a
 * double click or double tap, a pinch, and the +/− keys and buttons; a drag pans the zoomed image). Swiper's own zoom
 * is not used: it cannot zoom to a given ratio about a point. While the image is zoomed, Swiper does not swipe, so a
 * drag pans; moving to another image resets the zoom.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Swiper as SwiperInstance } from "swiper";
import { clampPan, FITTED, zoomAbout, zoomTransform, type Zoom } from "./zoom-math";

/** The factor of one +/− press or button. */
export const ZOOM_STEP = 1.5;
/** The scale a double click or double tap zooms the fitted image to. */
const DOUBLE_ZOOM = 2.5;
/** Zoom per pixel of wheel travel (exponential, so in and out by the same travel come back to the same scale). */
const WHEEL_RATE = 0.002;
/** Two taps this close in time (ms) and place (px) make a double tap, as in Swiper and the platforms' defaults. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A pointer that moved more than this (px) made a drag, not a tap. */
const TAP_SLOP_PX = 10;

/** What the gallery's buttons and keys use. */
export interface ImageZoom {
  /** The current scale, 1 when fitted. */
  scale: number;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Back to the fitted image (another image was shown). */
  reset: () => void;
}

/** Wheel travel in pixels whatever the event's unit (lines count 16 px, pages 400 px). */
function wheelPixels(e: WheelEvent): number {
  return e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);
}

/** Zoom and pan for the images of `swiper`'s slides. */
export function useImageZoom(swiper: SwiperInstance | null): ImageZoom {
  const [scale, setScale] = useState(1);
  const zoom = useRef<Zoom>(FITTED);
  const zoomed = useRef<HTMLElement | null>(null);

  /** The current slide and its image, or null before the gallery shows one. */
  const target = useCallback(() => {
    const slide = swiper && !swiper.destroyed ? swiper.el.querySelector<HTMLElement>(".swiper-slide-active") : null;
    const img = slide?.querySelector<HTMLElement>("img") ?? null;
    return slide && img ? { slide, img } : null;
  }, [swiper]);

  /** Draws `next` on the current image (animated for keys, buttons and double clicks), kept within its edges. */
  const apply = useCallback(
    (next: Zoom, animate: boolean) => {
      const t = target();
      if (zoomed.current && zoomed.current !== t?.img) {
        zoomed.current.style.transform = "";
        zoomed.current.closest(".swiper-slide")?.classList.remove("gallery-zoomed");
      }
      zoomed.current = t?.img ?? null;
      const z = t
        ? clampPan(
            next,
            { w: t.img.offsetWidth, h: t.img.offsetHeight },
            { w: t.slide.clientWidth, h: t.slide.clientHeight },
          )
        : FITTED;
      if (t) {
        t.img.style.transition = animate ? "transform 0.2s ease-out" : "none";
        t.img.style.transform = zoomTransform(z);
        t.slide.classList.toggle("gallery-zoomed", z.scale > 1);
      }
      zoom.current = z;
      setScale(z.scale);
      if (swiper && !swiper.destroyed) swiper.allowTouchMove = z.scale === 1;
    },
    [swiper, target],
  );

  /** The point (`clientX`, `clientY`) relative to the centre of the current slide, where the fitted image's centre is. */
  const fromCentre = useCallback(
    (clientX: number, clientY: number): [number, number] => {
      const r = target()?.slide.getBoundingClientRect();
      return r ? [clientX - (r.left + r.width / 2), clientY - (r.top + r.height / 2)] : [0, 0];
    },
    [target],
  );

  const zoomAt = useCallback(
    (to: number, clientX: number | null, clientY: number | null, animate: boolean) => {
      const [px, py] = clientX === null || clientY === null ? [0, 0] : fromCentre(clientX, clientY);
      apply(zoomAbout(zoom.current, to, px, py), animate);
    },
    [apply, fromCentre],
  );

  /** A double click or tap: the fitted image zooms in about the point, a zoomed one goes back to fitted. */
  const toggleAt = useCallback(
    (clientX: number, clientY: number) => {
      if (zoom.current.scale > 1) apply(FITTED, true);
      else zoomAt(DOUBLE_ZOOM, clientX, clientY, true);
    },
    [apply, zoomAt],
  );

  useEffect(() => {
    if (!swiper) return;
    const el = swiper.el;
    const pointers = new Map<number, { x: number; y: number }>();
    let pinch: { dist: number; midX: number; midY: number } | null = null;
    let drag: { id: number; x: number; y: number; moved: number } | null = null;
    let lastTap: { t: number; x: number; y: number } | null = null;
    let lastPointer = "mouse";
    const two = () => [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    const pinchOf = () => {
      const [a, b] = two();
      return { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 };
    };

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomAt(zoom.current.scale * Math.exp(-wheelPixels(e) * WHEEL_RATE), e.clientX, e.clientY, false);
    };
    const onDblClick = (e: MouseEvent) => {
      // A double tap is recognised from the pointers below; the click the browser may make of it is not counted twice.
      if (lastPointer !== "touch") toggleAt(e.clientX, e.clientY);
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || (e.target as Element).closest("button")) return;
      lastPointer = e.pointerType;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2) {
        // Two fingers pinch: the slide must not move under them.
        swiper.allowTouchMove = false;
        pinch = pinchOf();
        drag = null;
      } else if (pointers.size === 1) {
        drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: 0 };
      }
    };
    const onMove = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && pointers.size === 2) {
        const now = pinchOf();
        const [px, py] = fromCentre(now.midX, now.midY);
        const z = zoomAbout(zoom.current, zoom.current.scale * (now.dist / pinch.dist), px, py);
        apply({ ...z, x: z.x + now.midX - pinch.midX, y: z.y + now.midY - pinch.midY }, false);
        pinch = now;
      } else if (drag && drag.id === e.pointerId) {
        const [dx, dy] = [e.clientX - drag.x, e.clientY - drag.y];
        drag = { ...drag, x: e.clientX, y: e.clientY, moved: drag.moved + Math.hypot(dx, dy) };
        if (zoom.current.scale > 1) apply({ ...zoom.current, x: zoom.current.x + dx, y: zoom.current.y + dy }, false);
      }
    };
    const onUp = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      const tapped = drag?.id === e.pointerId && drag.moved < TAP_SLOP_PX && !pinch;
      if (pointers.size < 2 && pinch) {
        pinch = null;
        // The finger left on the glass goes on panning.
        const [id, p] = [...pointers.entries()][0] ?? [];
        drag = id === undefined || !p ? null : { id, x: p.x, y: p.y, moved: TAP_SLOP_PX };
      } else if (pointers.size === 0) {
        drag = null;
      }
      if (pointers.size === 0 && swiper && !swiper.destroyed) swiper.allowTouchMove = zoom.current.scale === 1;
      if (e.pointerType !== "touch" || !tapped || e.type !== "pointerup") return;
      const now = performance.now();
      if (
        lastTap &&
        now - lastTap.t < DOUBLE_TAP_MS &&
        Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) < DOUBLE_TAP_PX
      ) {
        lastTap = null;
        toggleAt(e.clientX, e.clientY);
      } else {
        lastTap = { t: now, x: e.clientX, y: e.clientY };
      }
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    el.addEventListener("dblclick", onDblClick);
    el.addEventListener("pointerdown", onDown);
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
    return () => {
      el.removeEventListener("wheel", onWheel);
      el.removeEventListener("dblclick", onDblClick);
      el.removeEventListener("pointerdown", onDown);
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
    };
  }, [swiper, apply, fromCentre, zoomAt, toggleAt]);

  return {
    scale,
    zoomIn: useCallback(() => zoomAt(zoom.current.scale * ZOOM_STEP, null, null, true), [zoomAt]),
    zoomOut: useCallback(() => zoomAt(zoom.current.scale / ZOOM_STEP, null, null, true), [zoomAt]),
    reset: useCallback(() => apply(FITTED, false), [apply]),
  };
}
