/** @module Infinite scroll (SPEC §2 Listing, §9 page size 100): a sentinel that asks for more when it scrolls into view. */
import { useEffect, useRef } from "react";

/** Returns a ref for a sentinel element below the list; `more` runs when it shows and `total` exceeds `shown`. */
export function useInfiniteSlice(total: number, shown: number, more: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || total <= shown) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more());
    io.observe(el);
    return () => io.disconnect();
  }, [total, shown, more]);
  return sentinel;
}
