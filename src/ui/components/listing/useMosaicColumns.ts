/** @module Measures the listing width and answers the mosaic column count (SPEC §2 Listing, §9). */
import { useEffect, useState, type RefObject } from "react";
import { mosaicColumns } from "../../stores/listing-layout";

/** Column count of the mosaic for the element's current width; follows resizes. */
export function useMosaicColumns(ref: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const measure = () => setColumns(mosaicColumns(el.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, enabled]);
  return columns;
}
