/** @module Follows a CSS media query from React (a phone's width, a touch screen's coarse pointer). */
import { useSyncExternalStore } from "react";
import { MOBILE_MAX_WIDTH } from "../constants";

/** The query of the phone layout, the same width the style sheets use. */
export const PHONE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
/** The query of a touch screen as the main pointer (a phone, a tablet). */
export const TOUCH_QUERY = "(pointer: coarse)";

/** Whether `query` matches now; the component renders again when that changes. False where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia !== "function") return () => {};
      const list = matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => typeof matchMedia === "function" && matchMedia(query).matches,
  );
}
