/**
 * @module Listing bodies written by a folder worker (listing/compact-body.ts) for folders a worker read: the main
 * thread only gathers the index totals of the subfolders and hands the request over.
 */
import { join } from "node:path";
import type { FolderRequest } from "./listing-body";
import { folderSizeOf } from "../fs/changes";
import { IS_DIR, IS_SYMLINK, nameAt } from "./listing-cache/compact";
import type { CachedFolder } from "./listing-cache/folder-cache";
import { bodyInWorker } from "./listing-cache/worker-client";

/** True when a worker can write the body of `folder` for `req`: a worker's read, no links, no rules. */
export function workerCanWrite(req: FolderRequest, folder: CachedFolder): boolean {
  const c = folder.compact?.folder;
  return !!c && !req.hasRules && !c.flags.some((f) => (f & IS_SYMLINK) !== 0);
}

/**
 * The body of `req` (`head`: the folder's own presented JSON) written by a worker, with the index totals of the
 * subfolders it used; null when no worker can run. Call only when workerCanWrite holds.
 */
export async function workerBody(
  req: FolderRequest,
  folder: CachedFolder,
  head: string,
): Promise<{ json: Uint8Array; etag: string; dirSizes: [string, number | null][] } | null> {
  const read = folder.compact!;
  const c = read.folder;
  const dirSizes: [string, number | null][] = [];
  const sizes = new Float64Array(c.count).fill(Number.NaN);
  for (let i = 0; i < c.count; i++) {
    if ((c.flags[i] & IS_DIR) === 0) continue;
    const abs = join(req.abs, nameAt(c, i));
    const size = folderSizeOf(abs);
    dirSizes.push([abs, size]);
    if (size !== null) sizes[i] = size;
  }
  const base = req.path === "/" ? "" : req.path.replace(/\/$/, "");
  const prefix = `${head.slice(0, -1)},"items":[`;
  const body = await bodyInWorker(read, {
    prefix,
    base,
    showHidden: req.showHidden,
    canModify: req.canModify,
    sorting: req.sorting,
    dirSizes: sizes,
  });
  return body && { ...body, dirSizes };
}
