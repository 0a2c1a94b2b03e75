/**
 * @module What a viewer sees of a folder: the Listing shape, the entries a scope, hidden-file setting and rules
 * leave visible (links only when their target is in the scope and visible too), and the folder's own name.
 */
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { folderSizeOf } from "../fs/changes";
import type { FileInfo } from "../fs/file-info";
import type { PathFilter } from "../fs/rules";
import { realVirtualPath } from "../fs/scope";
import type { CachedEntry } from "./listing-cache/entries";

export interface Listing {
  dir: FileInfo;
  items: FileInfo[];
  numDirs: number;
  numFiles: number;
}

/** Who is listing: the scope, hidden files, and the rules as a predicate over virtual paths. */
export interface ListingViewer {
  /** Absolute path of the user's scope. */
  scopeAbs: string;
  /** Absolute path of the folder listed. */
  abs: string;
  /** Virtual path of the folder in the scope. */
  path: string;
  showHidden: boolean;
  isVisible: (virtualPath: string) => boolean;
}

/**
 * The entries `viewer` may see, as FileInfo in the given order: hidden names (leading ".") left out unless
 * `showHidden`, entries `isVisible` refuses (the user's allow/deny rules, fs/rules.ts) left out, and links only when
 * their target is inside the scope and visible too. Folders carry their total size from the file index when known.
 */
export function visibleItems(entries: readonly CachedEntry[], viewer: ListingViewer): FileInfo[] {
  const base = viewer.path === "/" ? "" : viewer.path.replace(/\/$/, "");
  const items: FileInfo[] = [];
  for (const e of entries) {
    if (!viewer.showHidden && e.name.startsWith(".")) continue;
    const path = `${base}/${e.name}`;
    if (!viewer.isVisible(path)) continue;
    if (e.isSymlink) {
      // A link is listed only when its target is inside the scope and visible under the rules too.
      let real: string | null = null;
      try {
        real = realVirtualPath(viewer.scopeAbs, e.realAbs ?? join(viewer.abs, e.name));
      } catch {
        continue; // vanished meanwhile
      }
      if (real === null || !viewer.isVisible(real)) continue;
    }
    const info: FileInfo = {
      name: e.name,
      path: e.isDir ? `${path}/` : path,
      size: e.size,
      modifiedMs: e.modifiedMs,
      mode: e.mode,
      isDir: e.isDir,
      isSymlink: e.isSymlink,
      type: e.type,
      extension: e.extension,
    };
    if (e.isDir) {
      // The index's total counts everything below; it is shown only when no rule hides a part of it.
      const total = (viewer.isVisible as PathFilter).hidesBelow?.(path) ? null : folderSizeOf(join(viewer.abs, e.name));
      info.sizeKnown = total !== null;
      if (total !== null) info.size = total;
    }
    items.push(info);
  }
  return items;
}

/**
 * True unless the item at the virtual `path` of the scope `scopeAbs` is a symlink that a listing leaves out: one
 * whose target is outside the scope, missing, or hidden by `isVisible` (visibleItems' rule, for search hits).
 * The item itself must already pass `isVisible`. A missing item answers false.
 */
export function linkShownAt(scopeAbs: string, path: string, isVisible: (path: string) => boolean): boolean {
  const abs = path === "/" ? scopeAbs : join(scopeAbs, path);
  try {
    if (!lstatSync(abs).isSymbolicLink()) return true;
    const real = realVirtualPath(scopeAbs, abs);
    return real !== null && existsSync(abs) && isVisible(real);
  } catch {
    return false;
  }
}

/** The name of the folder at virtual `path` as its listing shows it ("" for the scope root). */
export function folderName(path: string): string {
  return path === "/" ? "" : path.split("/").filter(Boolean).pop()!;
}
