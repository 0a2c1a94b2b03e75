/**
 * @module The user's sorting applied without holding the event loop: the order of a cached folder's entries is
 * computed once per sorting and kept with the folder (except by size when it has subfolders: their sizes come from
 * the file index and change on their own).
 */
import type { Sorting } from "../../users/types";
import type { FileInfo } from "../../fs/file-info";
import { naturalCompare } from "../../fs/natural-order";
import type { CachedEntry } from "./entries";
import type { CachedFolder, FolderCache } from "./folder-cache";
import { sortYielding } from "./yielding";

type Sortable = Pick<FileInfo, "name" | "size" | "modifiedMs" | "mode" | "sizeKnown">;

/** The size a sort by size reads: a folder whose total the index does not know counts as 0, not its stat size. */
function sizeKey(item: Sortable): number {
  return item.sizeKnown === false ? 0 : item.size;
}

/**
 * The comparison of listings: by size, modified or permission bits, then by
 * natural, case-insensitive name; reversed when not ascending. Works on items paired with their lower-cased name.
 */
export function comparatorFor<T extends Sortable>(
  sorting: Sorting,
): (x: { item: T; key: string }, y: { item: T; key: string }) => number {
  const dir = sorting.asc ? 1 : -1;
  const by = sorting.by;
  return (x, y) => {
    const a = x.item;
    const b = y.item;
    let d = 0;
    if (by === "size") d = sizeKey(a) - sizeKey(b);
    else if (by === "modified") d = a.modifiedMs - b.modifiedMs;
    else if (by === "modeStr") d = (a.mode & 0o777) - (b.mode & 0o777);
    if (d === 0) d = naturalCompare(x.key, y.key);
    return d * dir;
  };
}

/** `items` in the order of `sorting`, as a new array (stable, yielding to the event loop on large folders). */
export async function sortedBy<T extends Sortable>(items: readonly T[], sorting: Sorting): Promise<T[]> {
  const keyed = items.map((item) => ({ item, key: item.name.toLowerCase() }));
  return (await sortYielding(keyed, comparatorFor<T>(sorting))).map((k) => k.item);
}

/** True when sorting the entries in advance gives the listing's order (false by size when there are folders). */
export function canPresort(entries: readonly CachedEntry[], sorting: Sorting): boolean {
  return sorting.by !== "size" || !entries.some((e) => e.isDir);
}

/**
 * The entries of `folder` (cached at `abs` in `cache`) in the order of `sorting`, computed once and kept with the
 * folder. Call only when canPresort holds.
 */
export async function presorted(
  cache: FolderCache,
  abs: string,
  folder: CachedFolder,
  sorting: Sorting,
): Promise<CachedEntry[]> {
  const key = `order:${sorting.by}:${sorting.asc}`;
  const hit = folder.derived.get(key);
  if (hit) return hit.value as CachedEntry[];
  const order = await sortedBy(folder.entries, sorting);
  cache.setDerived(abs, folder, key, order, 8 * order.length);
  return order;
}
