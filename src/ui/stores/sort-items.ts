/** @module Listing order (docs/product.md "Listing": sortable name, size, modified and modeStr). */
import type { Sorting } from "../auth/token";

/** The fields of an item that sorting reads. */
export interface Sortable {
  name: string;
  size: number;
  /** Folders of a listing: false when `size` is not the total below the folder (then sorted as 0). */
  sizeKnown?: boolean;
  modified: string;
  modeStr: string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The size sorting reads: a folder whose total is not known counts as 0, not as its own stat size. */
function sizeKey(item: Sortable): number {
  return item.sizeKnown === false ? 0 : item.size;
}

function compareBy(by: Sorting["by"], a: Sortable, b: Sortable): number {
  switch (by) {
    case "size":
      return sizeKey(a) - sizeKey(b);
    case "modified":
      return Date.parse(a.modified) - Date.parse(b.modified);
    case "modeStr":
      return a.modeStr.localeCompare(b.modeStr);
    default:
      return collator.compare(a.name, b.name);
  }
}

/** Returns a sorted copy; ties fall back to the natural name order so the result is stable. */
export function sortItems<T extends Sortable>(items: readonly T[], sorting: Sorting): T[] {
  const dir = sorting.asc ? 1 : -1;
  return [...items].sort((a, b) => dir * (compareBy(sorting.by, a, b) || collator.compare(a.name, b.name)));
}

/** Clicking a column header: the same column flips the direction, another column sorts ascending. */
export function toggleSorting(current: Sorting, by: Sorting["by"]): Sorting {
  return current.by === by ? { by, asc: !current.asc } : { by, asc: true };
}
