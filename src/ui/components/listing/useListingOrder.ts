/** @module The listing's display order: sorted folders then files, the shown slices, and the paths in order. */
import { useMemo } from "react";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { sortItems } from "../../stores/sort-items";

/** The last order computed: the listing and its keyboard shortcuts ask for the same one (sorting 100,000 names takes a while). */
let last: {
  items: readonly Resource[];
  by: Sorting["by"];
  asc: boolean;
  order: { dirs: Resource[]; files: Resource[] };
} | null = null;

/** Items in display order: sorted folders, then sorted files (the same arrays again for the same items and sorting). */
export function displayOrder(items: readonly Resource[], sorting: Sorting): { dirs: Resource[]; files: Resource[] } {
  if (last && last.items === items && last.by === sorting.by && last.asc === sorting.asc) return last.order;
  const sorted = sortItems(items, sorting);
  const order = { dirs: sorted.filter((i) => i.isDir), files: sorted.filter((i) => !i.isDir) };
  last = { items, by: sorting.by, asc: sorting.asc, order };
  return order;
}

/** Sorting in effect: the one chosen here, else the folder's, else the profile's, else by name. */
export function effectiveSorting(chosen: Sorting | null, listing: Resource | null, profile?: Sorting): Sorting {
  return chosen ?? (listing?.sorting as Sorting | undefined) ?? profile ?? { by: "name", asc: true };
}

/** The folders and files to render (the first `shown` of them) and every path in display order. */
export function useListingOrder(items: readonly Resource[], sorting: Sorting, shown: number) {
  const { dirs, files } = useMemo(() => displayOrder(items, sorting), [items, sorting.by, sorting.asc]);
  const order = useMemo(() => [...dirs, ...files].map((i) => i.path), [dirs, files]);
  return {
    dirs,
    files,
    order,
    shownDirs: dirs.slice(0, shown),
    shownFiles: files.slice(0, Math.max(0, shown - dirs.length)),
  };
}
