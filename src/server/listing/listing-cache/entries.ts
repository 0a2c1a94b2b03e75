/**
 * @module The stats of a folder's entries as the listing cache keeps them: one compact record per name, the same
 * for every user (no virtual paths, no rules), read asynchronously with a bounded number of stats in flight.
 */
import type { Stats } from "node:fs";
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { extensionOf, typeFromName } from "../../fs/file-type";
import { modeOf, type FileInfo } from "../../fs/file-info";
import { UPLOAD_TEMP_PREFIX } from "../../constants";

/**
 * One entry of a folder: a listing item without its path (the same for every viewer). Links carry the stats of
 * their target and `realAbs`, the target's real absolute path.
 */
export type CachedEntry = Omit<FileInfo, "path" | "sizeKnown"> & { realAbs?: string };

/** Stats in flight at once while reading a folder (measured: 64 reads 100k entries in ~280 ms, loop lag < 5 ms). */
const STATS_IN_FLIGHT = 64;

/** Record of `name` from its stats (`st` follows a link); `realAbs` only for links. */
export function entryOf(name: string, st: Stats, isSymlink: boolean, realAbs?: string): CachedEntry {
  const isDir = st.isDirectory();
  return {
    name,
    size: st.size,
    modifiedMs: st.mtimeMs,
    mode: modeOf(st, isSymlink),
    isDir,
    isSymlink,
    type: isDir ? "" : (typeFromName(name) ?? "blob"),
    extension: isDir ? "" : extensionOf(name),
    ...(isSymlink ? { realAbs } : {}),
  };
}

/** Approximate bytes one entry holds in memory (its strings as UTF-16 plus the object), for the cache budget. */
export function entryBytes(e: CachedEntry): number {
  return 120 + 2 * (e.name.length + e.extension.length + (e.realAbs?.length ?? 0));
}

/**
 * Stats one entry of the folder `abs` without blocking (a link: its target, and its real path); null when it vanished meanwhile or is a dangling link
 * (the listing leaves both out).
 */
export async function readEntry(abs: string, name: string): Promise<CachedEntry | null> {
  const child = join(abs, name);
  try {
    const l = await lstat(child);
    if (!l.isSymbolicLink()) return entryOf(name, l, false);
    const [st, real] = await Promise.all([stat(child), realpath(child)]);
    return entryOf(name, st, true, real);
  } catch {
    return null;
  }
}

/**
 * Reads the entries of the folder `abs` without blocking the event loop: one asynchronous readdir, then the
 * stats with STATS_IN_FLIGHT in flight. Upload temp files and vanished entries are left out; the order is the
 * directory's. Throws the readdir error (ENOENT, ENOTDIR, EACCES).
 */
export async function readEntries(abs: string): Promise<CachedEntry[]> {
  // Names only (half the time of Dirents on 100k entries): the lstat of each entry tells links anyway.
  const names = (await readdir(abs)).filter((n) => !n.startsWith(UPLOAD_TEMP_PREFIX));
  const out: (CachedEntry | null)[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      out[i] = await readEntry(abs, names[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(STATS_IN_FLIGHT, names.length) }, worker));
  return out.filter((e): e is CachedEntry => e !== null);
}

/**
 * True when one of `watched` (the subfolders and links of the folder `abs`) changed since it was read: their own
 * changes (a file created inside a subfolder, a link's target rewritten) do not reach the folder's watcher.
 */
export async function linksOrFoldersChanged(abs: string, watched: readonly CachedEntry[]): Promise<boolean> {
  let changed = false;
  let next = 0;
  const worker = async () => {
    while (!changed && next < watched.length) {
      const e = watched[next++];
      const now = await readEntry(abs, e.name);
      if (
        !now ||
        now.size !== e.size ||
        now.modifiedMs !== e.modifiedMs ||
        now.mode !== e.mode ||
        now.isDir !== e.isDir ||
        now.realAbs !== e.realAbs
      )
        changed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(STATS_IN_FLIGHT, watched.length) }, worker));
  return changed;
}
