/** @module Double-tap detection for touch screens (docs/product.md "Listing": two touches within 300 ms open). */
import { useRef } from "react";

/** Two touches within this window are a double tap (docs/product.md "Timings"). */
const DOUBLE_TOUCH_MS = 300;

/** Returns a function to call on each touch; it answers true when it completes a double tap on the same key. */
export function useDoubleTap(): (key: string) => boolean {
  const last = useRef<{ key: string; at: number } | null>(null);
  return (key: string) => {
    const now = Date.now();
    const prev = last.current;
    if (prev && prev.key === key && now - prev.at <= DOUBLE_TOUCH_MS) {
      last.current = null;
      return true;
    }
    last.current = { key, at: now };
    return false;
  };
}
