/**
 * @module Infinite scroll (docs/product.md "Listing", "Sizes and paging"): a sentinel that asks for more when it
 * scrolls into view.
 */
import { useEffect, useRef } from "react";

/**
 * Returns a ref for a sentinel element below the list; `more` runs when it shows and `total` exceeds `shown`.
 * `margin` (an IntersectionObserver rootMargin) lets it run that far before the sentinel is on screen.
 */
export function useInfiniteSlice(total: number, shown: number, more: () => void, margin = "0px") {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || total <= shown) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), {
      rootMargin: margin,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [total, shown, more, margin]);
  return sentinel;
}
