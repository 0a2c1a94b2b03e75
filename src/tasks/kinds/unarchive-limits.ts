/**
 * @module What unarchive checks before writing anything (docs/security.md "Archives"): the entries' total unpacked
 * size against the free space of the output folder's file system, and against the ratio limit of the global
 * settings (unarchiveMaxRatio, unpacked:packed).
 */
import { existsSync, statfsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ArchiveEntry } from "../../server/tools/sevenzip";
import { formatBytes } from "./contact-sheet-header";

/** What assertUnpackFits weighs. */
export interface UnpackCheck {
  entries: readonly ArchiveEntry[];
  /** The archive's folder and the names of all its volumes (volume-set.ts). */
  folder: string;
  volumes: readonly string[];
  /** The output folder on disk; it may not exist yet (its nearest existing parent is measured). */
  outAbs: string;
  /** Largest unpacked:packed ratio allowed; 0: no limit. */
  maxRatio: number;
}

/** Bytes an unprivileged writer may still use on the file system holding `abs` (statfs f_bavail × f_bsize). */
function freeBytesAt(abs: string): number {
  let dir = abs;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const fs = statfsSync(dir);
  return fs.bavail * fs.bsize;
}

/**
 * Refuses an archive whose files unpack to more than the free space where they go, or to more than `maxRatio`
 * times the archive's own size (all volumes). Judged on the sizes the listing declares, before extracting.
 * @throws Error with the message the task fails with.
 */
export function assertUnpackFits(o: UnpackCheck): void {
  const unpacked = o.entries.reduce((sum, e) => (e.isDir ? sum : sum + e.size), 0);
  const free = freeBytesAt(o.outAbs);
  if (unpacked > free) {
    throw new Error(
      `not enough free space: the archive unpacks to ${formatBytes(unpacked)}, and the output folder has ${formatBytes(free)} free`,
    );
  }
  const packed = o.volumes.reduce((sum, name) => sum + statSync(join(o.folder, name)).size, 0);
  if (o.maxRatio > 0 && unpacked > o.maxRatio * packed) {
    throw new Error(
      `refused: the archive unpacks to ${formatBytes(unpacked)}, more than ${o.maxRatio} times its own ${formatBytes(packed)} (the unarchive ratio limit of the global settings)`,
    );
  }
}
