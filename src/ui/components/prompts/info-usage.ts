/**
 * @module Totals of the info dialog (docs/product.md "File info"): the items' own sizes plus what the server measured
 * in folders.
 */
import type { FolderUsage } from "../../api/resource-actions";

/** What the totals read of an item. */
export interface UsageItem {
  path: string;
  isDir: boolean;
  size: number;
}

/**
 * Sums a selection: a file adds its size and one file; a folder adds one folder and its measured contents
 * (`measured` by path). With a single folder the totals are its contents only (the folder itself is not
 * counted, as in a listing's counts). Null while a folder is not measured yet.
 */
export function totalUsage(
  items: readonly UsageItem[],
  measured: Readonly<Record<string, FolderUsage>>,
): FolderUsage | null {
  const total: FolderUsage = { size: 0, numFiles: 0, numDirs: 0 };
  for (const item of items) {
    if (!item.isDir) {
      total.size += item.size;
      total.numFiles++;
      continue;
    }
    const inside = measured[item.path];
    if (!inside) return null;
    total.size += inside.size;
    total.numFiles += inside.numFiles;
    total.numDirs += inside.numDirs + (items.length > 1 ? 1 : 0);
  }
  return total;
}
