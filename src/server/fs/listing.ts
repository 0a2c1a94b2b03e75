/** @module Reads one file or folder into FileInfo values (the listing reads names and stats only, never file heads). */
import { folderSizeOf } from "../search/changes";
import { existsSync, lstatSync, openSync, readSync, closeSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { SNIFF_BYTES, extensionOf, typeFromHead, typeFromName, type FileType } from "./file-type";
import { modeOf, type FileInfo } from "./file-info";
import { realVirtualPath } from "./scope";
import { readEntriesSync, type CachedEntry } from "./listing-cache/entries";
import type { Sorting } from "../users/types";
import { comparatorFor } from "./listing-cache/sorted";
import type { PathFilter } from "./rules";

export interface Listing {
  dir: FileInfo;
  items: FileInfo[];
  numDirs: number;
  numFiles: number;
}

/** Stats a path, following a symlink; returns the target stats and whether the path itself is a link. */
export function statFollow(abs: string): { st: Stats; isSymlink: boolean } {
  const l = lstatSync(abs);
  if (!l.isSymbolicLink()) return { st: l, isSymlink: false };
  return { st: statSync(abs), isSymlink: true };
}

function toInfo(name: string, path: string, st: Stats, isSymlink: boolean, type: FileType | ""): FileInfo {
  const isDir = st.isDirectory();
  return {
    name,
    path: isDir && path !== "/" ? `${path}/` : path,
    size: st.size,
    modifiedMs: st.mtimeMs,
    mode: modeOf(st, isSymlink),
    isDir,
    isSymlink,
    type: isDir ? "" : type,
    extension: isDir ? "" : extensionOf(name),
  };
}

function readHead(abs: string): Uint8Array {
  const fd = openSync(abs, "r");
  try {
    const buf = new Uint8Array(SNIFF_BYTES);
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Describes one file or folder at `abs` (virtual `path`). For a file whose name says nothing about its
 * type, reads up to SNIFF_BYTES of its head. Throws the fs error (ENOENT...) when it does not exist.
 */
export function describe(abs: string, path: string, name: string): FileInfo {
  const { st, isSymlink } = statFollow(abs);
  let type: FileType | "" = "";
  if (!st.isDirectory()) type = typeFromName(name) ?? (st.size > 0 ? typeFromHead(readHead(abs)) : "text");
  return toInfo(name, path, st, isSymlink, type);
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
    const info: FileInfo = { name: e.name, path: e.isDir ? `${path}/` : path, size: e.size, modifiedMs: e.modifiedMs, mode: e.mode, isDir: e.isDir, isSymlink: e.isSymlink, type: e.type, extension: e.extension };
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

/**
 * Lists the folder at `abs` (virtual path `path`, inside scope `scopeAbs`) synchronously, read from disk. Hidden
 * names (leading ".") are left out unless `showHidden`; symlinks leading outside the scope, our upload temp files
 * and entries `isVisible` refuses are always left out, counts included. Types come from names only; unknown names
 * are "blob". The folder GET of /api/resources uses the cached, non-blocking listing-cache/listing-body.ts.
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
