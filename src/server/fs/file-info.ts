/**
 * @module FileInfo, the domain description of a file or folder, and its numeric mode: permission bits plus Go
 * os.FileMode's directory and symlink bits, as the wire's `mode` (the `modeStr` text is presenters/mode-string.ts).
 */
import type { Stats } from "node:fs";
import type { FileType } from "./file-type";

export interface FileInfo {
  name: string;
  /** Virtual path in the scope; folders end with "/". */
  path: string;
  /** Bytes; a folder of a listing: the total below it when `sizeKnown`, else its own stat size. */
  size: number;
  /**
   * Folders of a listing only: true when `size` is the total of everything below the folder (from the file
   * index), false when the index does not know it yet; undefined for files and single resources.
   */
  sizeKnown?: boolean;
  /** Modification time in ms since the epoch. */
  modifiedMs: number;
  /** Permission bits plus the directory bit (DIR_BIT), as the wire's `mode`. */
  mode: number;
  isDir: boolean;
  isSymlink: boolean;
  /** "" for folders. */
  type: FileType | "";
  extension: string;
}

/** Directory bit of Go's os.FileMode (1 << 31), which the wire's numeric `mode` carries. */
export const DIR_BIT = 2 ** 31;
/** Symlink bit of Go's os.FileMode (1 << 27). */
export const SYMLINK_BIT = 2 ** 27;

/** Numeric mode of the wire for a stat result: permission bits plus DIR_BIT for folders. */
export function modeOf(st: Stats, isSymlink = false): number {
  return (st.mode & 0o7777) + (st.isDirectory() ? DIR_BIT : 0) + (isSymlink ? SYMLINK_BIT : 0);
}
