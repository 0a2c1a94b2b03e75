/** @module Reads one file or folder into FileInfo values (the listing reads names and stats only, never file heads). */
import { folderSizeOf } from "../search/changes";
import { lstatSync, openSync, readSync, closeSync, readdirSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { extensionOf, typeFromHead, typeFromName, type FileType } from "./file-type";
import { modeOf, type FileInfo } from "./file-info";
import { realVirtualPath } from "./scope";
import { SNIFF_BYTES, UPLOAD_TEMP_PREFIX } from "../constants";
import type { Sorting } from "../users/types";
import { naturalCompare } from "./natural-order";
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

/**
 * Lists the folder at `abs` (virtual path `path`, inside scope `scopeAbs`). Hidden names (leading ".")
 * are left out unless `showHidden`; symlinks leading outside the scope, our upload temp files and entries
 * `isVisible` refuses (the user's allow/deny rules, fs/rules.ts) are always left out, counts included.
 * Types come from names only; unknown names are "blob".
 */
export function listFolder(
  scopeAbs: string,
  abs: string,
  path: string,
  showHidden: boolean,
  sorting: Sorting,
  isVisible: (virtualPath: string) => boolean = () => true,
): Listing {
  const dirInfo = describe(abs, path, path === "/" ? "" : path.split("/").filter(Boolean).pop()!);
  const base = path === "/" ? "" : path.replace(/\/$/, "");
  const items: FileInfo[] = [];
  let numDirs = 0;
  let numFiles = 0;
  for (const ent of readdirSync(abs, { withFileTypes: true })) {
    const name = ent.name;
    if (name.startsWith(UPLOAD_TEMP_PREFIX)) continue;
    if (!showHidden && name.startsWith(".")) continue;
    if (!isVisible(`${base}/${name}`)) continue;
    const childAbs = join(abs, name);
    let st: Stats;
    const isSymlink = ent.isSymbolicLink();
    try {
      if (isSymlink) {
        // A link is listed only when its target is inside the scope and visible under the rules too.
        const real = realVirtualPath(scopeAbs, childAbs);
        if (real === null || !isVisible(real)) continue;
      }
      st = isSymlink ? statSync(childAbs) : lstatSync(childAbs);
    } catch {
      continue; // vanished meanwhile, or a dangling link
    }
    const info = toInfo(name, `${base}/${name}`, st, isSymlink, st.isDirectory() ? "" : typeFromName(name) ?? "blob");
    if (info.isDir) {
      // The index's total counts everything below; it is shown only when no rule hides a part of it.
      const total = (isVisible as PathFilter).hidesBelow?.(`${base}/${name}`) ? null : folderSizeOf(childAbs);
      info.sizeKnown = total !== null;
      if (total !== null) info.size = total;
      numDirs++;
    } else numFiles++;
    items.push(info);
  }
  sortItems(items, sorting);
  return { dir: dirInfo, items, numDirs, numFiles };
}

/** The size a sort by size reads: a folder whose total the index does not know counts as 0, not its stat size. */
function sizeKey(info: FileInfo): number {
  return info.sizeKnown === false ? 0 : info.size;
}

/** Sorts in place by the user's sorting; names use natural, case-insensitive order ("file2" before "file10"). */
export function sortItems(items: FileInfo[], sorting: Sorting): void {
  const dir = sorting.asc ? 1 : -1;
  const by = sorting.by;
  const keyed = items.map((info) => ({ info, key: info.name.toLowerCase() }));
  keyed.sort((x, y) => {
    const a = x.info;
    const b = y.info;
    let d = 0;
    if (by === "size") d = sizeKey(a) - sizeKey(b);
    else if (by === "modified") d = a.modifiedMs - b.modifiedMs;
    else if (by === "modeStr") d = (a.mode & 0o777) - (b.mode & 0o777);
    if (d === 0) d = naturalCompare(x.key, y.key);
    return d * dir;
  });
  for (let i = 0; i < keyed.length; i++) items[i] = keyed[i].info;
}
