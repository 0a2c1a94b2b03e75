/** @module Reads one file or folder into a FileInfo (a file's head is read only when its name says nothing of its type). */
import { closeSync, lstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { modeOf, type FileInfo } from "./file-info";
import { SNIFF_BYTES, extensionOf, typeFromHead, typeFromName, type FileType } from "./file-type";

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
