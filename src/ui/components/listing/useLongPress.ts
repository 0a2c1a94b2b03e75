/** @module Long-press on a touch screen: a finger held still on the listing opens its action sheet, and the click the lift may send is swallowed. */
import { useRef, type MouseEvent, type PointerEvent } from "react";

/** How long a finger rests before the press counts as long (the usual 500 ms of phone platforms). */
const LONG_PRESS_MS = 500;
/** A finger that moves further than this (CSS px) scrolls instead. */
const MOVE_TOLERANCE_PX = 10;

/** Where the press happened: the element under the finger and the point on screen. */
export interface LongPress {
  target: Element;
  x: number;
  y: number;
}

/** Handlers for the element that listens. */
export interface LongPressHandlers {
  onPointerDown: (e: PointerEvent) => void;
  onPointerMove: (e: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onContextMenu: (e: MouseEvent) => void;
  onClickCapture: (e: MouseEvent) => void;
}

/**
 * Calls `onLongPress` once when a finger rests on the element, or when the browser reports the long press as a
 * `contextmenu` first (Chrome on Android). A touch pointerdown is marked handled (preventDefault) so a wrapping
 * context menu does not start its own timer; the browser's menu for a finger is refused.
 */
export function useLongPress(onLongPress: (press: LongPress) => void): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<LongPress | null>(null);
  const fired = useRef(false);
  const touch = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const fire = () => {
    cancel();
    if (fired.current || !start.current) return;
    fired.current = true;
    onLongPress(start.current);
  };
  return {
    onPointerDown: (e) => {
      // A pen is held like a finger: it has no right button to ask for the menu.
      touch.current = e.pointerType === "touch" || e.pointerType === "pen";
      fired.current = false;
      cancel();
      if (!touch.current) return;
      e.preventDefault();
      start.current = { target: e.target as Element, x: e.clientX, y: e.clientY };
      timer.current = setTimeout(fire, LONG_PRESS_MS);
    },
    onPointerMove: (e) => {
      const s = start.current;
      if (timer.current && s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: () => {
      cancel();
      start.current = null;
    },
    onContextMenu: (e) => {
      if (!touch.current) return;
      e.preventDefault();
      if (timer.current) fire();
    },
    onClickCapture: (e) => {
      if (!fired.current) return;
      // The lift after a long press is no tap: the sheet it opened stays, nothing under the finger opens.
      fired.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}
