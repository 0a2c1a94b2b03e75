/**
 * @module Window-scrolled virtual rows of one listing section (docs/product.md "Listing", "Sizes and paging"): only the
 * rows near the viewport are in the DOM, the rest is padding of the same height, so a folder of 100,000 entries keeps a
 * constant DOM size. A row is one item in the list view and `columns` cards in the mosaic.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";

/** Rows rendered beyond each edge of the window in the virtual list view (smooth scrolling, small DOM). */
const LIST_OVERSCAN_ROWS = 8;
/** Rows of cards rendered beyond each edge of the window in the virtual mosaic. */
const MOSAIC_OVERSCAN_ROWS = 2;

/** The rendered part of a section: which items, and the padding standing for the rows above and below. */
export interface SectionRows {
  ref: RefObject<HTMLDivElement | null>;
  /** Index of the first rendered item and one past the last one, in the section's items. */
  from: number;
  to: number;
  padTop: number;
  padBottom: number;
  /** Top and bottom of a row in page px (rows share one height). */
  rowBox: (row: number) => { start: number; end: number };
}

/** Rows are all as tall as the first one rendered (list rows and mosaic rows of one section share a layout). */
function firstRowHeight(el: HTMLElement): number | null {
  const first = el.firstElementChild as HTMLElement | null;
  const h = first?.getBoundingClientRect().height ?? 0;
  return h > 0 ? h : null;
}

/**
 * Virtual rows for `count` items laid out `columns` per row with `gap` px between rows, scrolled by the window.
 * `guess` is the row height (CSS px) used until a row has been measured. The section's offset in the page and the
 * row height are measured when the rows change and on resizes of the page or the section, so sections above
 * growing or a resized window keep the positions right.
 */
export function useSectionRows(count: number, columns: number, gap: number, guess: number): SectionRows {
  const ref = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  const [rowHeight, setRowHeight] = useState(guess);
  const rows = Math.ceil(count / Math.max(1, columns));
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: columns > 1 ? MOSAIC_OVERSCAN_ROWS : LIST_OVERSCAN_ROWS,
    scrollMargin: margin,
    gap,
  });

  const measure = useRef(() => {});
  measure.current = () => {
    const el = ref.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - margin) > 0.5) setMargin(top);
    const h = firstRowHeight(el);
    if (h !== null && Math.abs(h - rowHeight) > 0.5) setRowHeight(h);
  };
  // Measured when the rows change and on resizes, not on every scroll frame (a forced layout each frame).
  useLayoutEffect(() => measure.current(), [count, columns, gap]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => measure.current());
    ro.observe(document.body);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // A new row height applies to every row: forget the sizes computed with the old one.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    ref,
    from: first ? first.index * columns : 0,
    to: last ? Math.min(count, (last.index + 1) * columns) : 0,
    padTop: first ? first.start - margin : 0,
    padBottom: last ? Math.max(0, total - (last.end - margin)) : 0,
    rowBox: (row) => ({ start: margin + row * (rowHeight + gap), end: margin + row * (rowHeight + gap) + rowHeight }),
  };
}

/**
 * Scrolls the window the least needed to show a row (its top and bottom in page px) between the sticky column
 * header (which, with the fixed app header, covers the top of the window) and the main area's bottom padding (room
 * for the action bar on phones); no scroll when it is in view already.
 */
export function scrollRowIntoView(m: { start: number; end: number }): void {
  const header = document.querySelector(".listing-header")?.getBoundingClientRect().bottom ?? 0;
  const top = Math.max(0, Math.min(header, window.innerHeight / 2));
  const main = document.querySelector("main");
  const bottom = main ? parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
  if (m.start < window.scrollY + top) window.scrollTo(0, m.start - top);
  else if (m.end > window.scrollY + window.innerHeight - bottom)
    window.scrollTo(0, m.end - window.innerHeight + bottom);
}
