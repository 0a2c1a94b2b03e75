/**
 * @module Remembers the shown count and the scroll position of a listing when leaving it, and restores them on return
 * (docs/product.md "Listing").
 */
import { useLayoutEffect } from "react";
import { enterListing, leaveListing } from "../../stores/listing-view";

/** Restores the last position of `path` on mount, saves it on unmount. */
export function useScrollMemory(path: string): void {
  useLayoutEffect(() => {
    const y = enterListing(path);
    // Two frames: the restored page of items has rendered and laid out by then.
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, y)));
    return () => {
      cancelAnimationFrame(frame);
      leaveListing(path, window.scrollY);
    };
  }, [path]);
}
