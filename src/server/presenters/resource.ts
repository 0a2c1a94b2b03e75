/**
 * @module Maps FileInfo and listings to the wire's resource JSON (docs/interfaces.md "Resource JSON"; docs/product.md
 * "Resource").
 */
import type { FileInfo } from "../fs/file-info";
import type { Listing } from "../listing/visible-items";
import type { Resource } from "../../shared/wire/resource";
import type { Sorting } from "../users/types";
import { modeStringOf } from "./mode-string";

/**
 * One file or folder. `canModify` turns a text type into `textImmutable` for users without the modify permission
 * (docs/interfaces.md "Resource JSON": "textImmutable is a text file the user may not modify").
 */
export function presentFile(info: FileInfo, canModify: boolean, content?: string): Resource {
  return {
    name: info.name,
    path: info.path,
    url: `/files${info.path}`,
    size: info.size,
    modified: new Date(info.modifiedMs).toISOString(),
    mode: info.mode,
    modeStr: modeStringOf(info.mode, info.isDir, info.isSymlink),
    isDir: info.isDir,
    isSymlink: info.isSymlink,
    type: info.type === "text" && !canModify ? "textImmutable" : info.type,
    extension: info.extension,
    ...(info.sizeKnown !== undefined ? { sizeKnown: info.sizeKnown } : {}),
    ...(content !== undefined ? { content } : {}),
  };
}

/** A folder with its items, counts and the user's sorting. */
export function presentListing(listing: Listing, canModify: boolean, sorting: Sorting): Resource {
  return {
    ...presentFile(listing.dir, canModify),
    items: listing.items.map((i) => presentFile(i, canModify)),
    numDirs: listing.numDirs,
    numFiles: listing.numFiles,
    sorting,
  };
}
