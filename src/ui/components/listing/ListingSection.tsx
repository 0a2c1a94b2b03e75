/**
 * @module One section of the listing, Folders or Files (docs/product.md "Listing"), rendering only the rows near the
 * viewport.
 */
import { useEffect, useRef, type ReactNode } from "react";
import type { Resource } from "../../api/resources";
import { scrollRowIntoView, useSectionRows } from "./useSectionRows";
import { MOSAIC_GAP_PX } from "../../stores/listing-layout";

/** Row height before the first row is measured, px: list rows (theme.css --row-height) and mosaic rows. */
const LIST_ROW_GUESS_PX = 48;
const MOSAIC_ROW_GUESS_PX = 220;

/** Props of a section: its shown items, how many cards a mosaic row holds, and the item the keyboard moved to. */
export interface ListingSectionProps {
  id: string;
  title: string;
  items: readonly Resource[];
  mosaic: boolean;
  columns: number;
  reveal: { path: string; seq: number } | null;
  /** Renders an item given its index in this section. */
  renderItem: (item: Resource, index: number) => ReactNode;
}

/** Focuses a rendered item without scrolling (the section scrolled it into view already). */
function focusItem(path: string): void {
  document.querySelector<HTMLElement>(`.item[data-path="${CSS.escape(path)}"]`)?.focus({ preventScroll: true });
}

/** A labelled group of items; nothing when the section is empty. */
export function ListingSection({ id, title, items, mosaic, columns, reveal, renderItem }: ListingSectionProps) {
  const perRow = mosaic ? columns : 1;
  const rows = useSectionRows(
    items.length,
    perRow,
    mosaic ? MOSAIC_GAP_PX : 0,
    mosaic ? MOSAIC_ROW_GUESS_PX : LIST_ROW_GUESS_PX,
  );
  const latest = useRef(rows);
  latest.current = rows;

  useEffect(() => {
    if (!reveal) return;
    const index = items.findIndex((i) => i.path === reveal.path);
    if (index < 0) return;
    // After a frame: the section's place in the page is measured once the shown count has grown.
    let frame = requestAnimationFrame(() => {
      scrollRowIntoView(latest.current.rowBox(Math.floor(index / perRow)));
      frame = requestAnimationFrame(() => focusItem(reveal.path));
    });
    return () => cancelAnimationFrame(frame);
    // Only a new request moves the view: not the list growing or the columns changing later.
  }, [reveal?.seq]);

  if (items.length === 0) return null;
  return (
    <div role="group" aria-labelledby={id} className="section">
      <div id={id} className="section-title" role="presentation">
        {title}
      </div>
      <div
        ref={rows.ref}
        className="section-items"
        style={{
          paddingTop: rows.padTop,
          paddingBottom: rows.padBottom,
          ...(mosaic ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : {}),
        }}
      >
        {items.slice(rows.from, rows.to).map((item, i) => renderItem(item, rows.from + i))}
      </div>
    </div>
  );
}
