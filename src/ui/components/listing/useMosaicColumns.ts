/**
 * @module Measures the listing width and answers the mosaic column count and card width (docs/product.md "Listing",
 * "Sizes and paging").
 */
import { useEffect, useState, type RefObject } from "react";
import { MOSAIC_MIN_COLUMNS, mosaicCardWidth, mosaicColumns } from "../../stores/listing-layout";

/** Column count of the mosaic and the width of one card (CSS px, 0 until measured) for the element; follows resizes. */
export function useMosaicColumns(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
): { columns: number; cardWidth: number } {
  const [layout, setLayout] = useState({ columns: MOSAIC_MIN_COLUMNS, cardWidth: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const measure = () => {
      const width = el.clientWidth;
      const columns = mosaicColumns(width);
      const cardWidth = mosaicCardWidth(width, columns);
      setLayout((old) => (old.columns === columns && old.cardWidth === cardWidth ? old : { columns, cardWidth }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, enabled]);
  return layout;
}
