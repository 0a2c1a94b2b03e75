/**
 * @module A folder's Listing (visible items, counts and the user's order) read through the listing cache without
 * blocking the event loop, for callers that present it themselves (share pages, previews).
 */
import type { Sorting } from "../users/types";
import { describe } from "../fs/describe";
import { folderName, type Listing } from "./visible-items";
import { freshFolder } from "./listing-cache/server-listing-cache";
import { assertReadInScope, orderedItems } from "./listing-body";

/**
 * Lists the folder at `abs` (virtual `path` in the scope `scopeAbs`) from the cache.
 * Throws the fs error (ENOENT, ENOTDIR, EACCES) of the folder; FsError OUTSIDE_SCOPE (403) when the folder read was
 * outside the scope (a folder swapped for a link out meanwhile, listing-body.ts assertReadInScope).
 */
export async function listFolderCached(
  scopeAbs: string,
  abs: string,
  path: string,
  showHidden: boolean,
  sorting: Sorting,
  isVisible: (virtualPath: string) => boolean = () => true,
): Promise<Listing> {
  const dir = describe(abs, path, folderName(path));
  const folder = await freshFolder(abs);
  assertReadInScope(folder, scopeAbs);
  const items = await orderedItems({ scopeAbs, abs, path, showHidden, isVisible, sorting }, folder);
  const numDirs = items.reduce((n, i) => n + (i.isDir ? 1 : 0), 0);
  return { dir, items, numDirs, numFiles: items.length - numDirs };
}
