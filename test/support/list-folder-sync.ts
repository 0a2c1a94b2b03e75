/**
 * @module The synchronous folder listing the tests use as an oracle: read straight from disk with readdirSync and
 * stats, filtered by the product's visibleItems, sorted by the product's comparison. The product itself lists through
 * the listing cache (src/server/listing/listing-body.ts and list-folder.ts).
 */
import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../../src/server/constants";
import { describe } from "../../src/server/fs/describe";
import type { FileInfo } from "../../src/server/fs/file-info";
import { entryOf, type CachedEntry } from "../../src/server/listing/listing-cache/entries";
import { comparatorFor } from "../../src/server/listing/listing-cache/sorted";
import { folderName, visibleItems, type Listing } from "../../src/server/listing/visible-items";
import type { Sorting } from "../../src/server/users/types";

/**
 * Lists the folder at `abs` (virtual path `path`, inside scope `scopeAbs`) synchronously, read from disk. Hidden
 * names (leading ".") are left out unless `showHidden`; symlinks leading outside the scope, our upload temp files
 * and entries `isVisible` refuses are always left out, counts included. Types come from names only; unknown names
 * are "blob". The product lists through the cached, non-blocking listing/listing-body.ts; tests compare its answers with this one.
 */
export function listFolder(
  scopeAbs: string,
  abs: string,
  path: string,
  showHidden: boolean,
  sorting: Sorting,
  isVisible: (virtualPath: string) => boolean = () => true,
): Listing {
  const dirInfo = describe(abs, path, folderName(path));
  const items = visibleItems(readEntriesSync(abs), { scopeAbs, abs, path, showHidden, isVisible });
  sortItems(items, sorting);
  const numDirs = items.reduce((n, i) => n + (i.isDir ? 1 : 0), 0);
  return { dir: dirInfo, items, numDirs, numFiles: items.length - numDirs };
}

/** Sorts in place by the user's sorting; names use natural, case-insensitive order ("file2" before "file10"). */
export function sortItems(items: FileInfo[], sorting: Sorting): void {
  const keyed = items.map((item) => ({ item, key: item.name.toLowerCase() }));
  keyed.sort(comparatorFor<FileInfo>(sorting));
  for (let i = 0; i < keyed.length; i++) items[i] = keyed[i].item;
}

/** The entries of the folder `abs` as readEntries gives them (upload temp files and vanished entries left out), read synchronously. */
export function readEntriesSync(abs: string): CachedEntry[] {
  const out: CachedEntry[] = [];
  for (const d of readdirSync(abs, { withFileTypes: true })) {
    if (d.name.startsWith(UPLOAD_TEMP_PREFIX)) continue;
    const child = join(abs, d.name);
    try {
      if (d.isSymbolicLink()) out.push(entryOf(d.name, statSync(child), true, realpathSync(child)));
      else out.push(entryOf(d.name, lstatSync(child), false));
    } catch {
      // vanished meanwhile, or a dangling link
    }
  }
  return out;
}
