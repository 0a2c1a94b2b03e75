/** @module Walks the selected files and folders into archive entries, never leaving the user's scope. */
import { lstat, readdir, stat } from "node:fs/promises";
import { closeSync, constants, readlinkSync, type Stats } from "node:fs";
import { fdPath, openBeneath } from "../fs/beneath";
import { join } from "node:path";
import { isInside, realVirtualPath, type ScopedPath } from "../fs/scope";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { archiveBase, entryName, topLevelPaths } from "./selection";

/** One file or folder as it enters an archive. */
export interface ArchiveEntry {
  /** Relative name inside the archive, "/"-separated, without a trailing slash for folders. */
  name: string;
  /** Path on disk to read (inside the scope). */
  abs: string;
  /** The scope folder `abs` lies in: the file is opened beneath it when read (fs/beneath.ts); absent for our own files. */
  scope?: string;
  isDir: boolean;
  /** Bytes, 0 for folders. */
  size: number;
  /** Permission bits (0o7777 mask). */
  mode: number;
  /** Modification time in ms since the epoch. */
  mtimeMs: number;
}

export interface CollectOptions {
  /** The user's scope folder on disk: symlinks leading outside it are skipped. */
  scopeAbs: string;
  /** Access-rule hook: a virtual path it refuses (and everything below a refused folder) is left out. */
  filter: (virtualPath: string) => boolean;
  signal: AbortSignal;
}

function toEntry(o: CollectOptions, name: string, abs: string, st: Stats): ArchiveEntry {
  const isDir = st.isDirectory();
  return {
    name,
    abs,
    scope: o.scopeAbs,
    isDir,
    size: isDir ? 0 : st.size,
    mode: st.mode & 0o7777,
    mtimeMs: st.mtimeMs,
  };
}

/**
 * Stats `abs` following a symlink only when its target stays in the scope and the rules allow the target's
 * path; null for what must be skipped.
 */
async function statInScope(o: CollectOptions, abs: string): Promise<Stats | null> {
  try {
    const l = await lstat(abs);
    if (!l.isSymbolicLink()) return l;
    // Never follow a link out of the scope (docs/interfaces.md "Paths": such paths answer 403, never data), nor into a
    // denied folder.
    const real = realVirtualPath(o.scopeAbs, abs);
    if (real === null || !o.filter(real)) return null;
    return await stat(abs);
  } catch {
    return null; // vanished meanwhile, dangling link, or unreadable
  }
}

/**
 * The names in the folder `abs` of the scope and where it really is, read from the folder opened beneath the scope
 * (fs/beneath.ts): a folder swapped for a link out since the walk looked at it lists nothing outside. Null when it
 * cannot be opened (gone, no folder any more, or out of the scope now).
 */
async function namesBeneath(scopeAbs: string, abs: string): Promise<{ names: string[]; real: string } | null> {
  if (!isInside(scopeAbs, abs)) return null;
  let fd: number;
  try {
    fd = openBeneath(scopeAbs, abs.slice(scopeAbs.length), constants.O_RDONLY | constants.O_DIRECTORY);
  } catch {
    return null;
  }
  try {
    return { names: await readdir(fdPath(fd)), real: readlinkSync(fdPath(fd)) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

async function* walk(
  o: CollectOptions,
  base: string,
  vpath: string,
  abs: string,
  st: Stats,
  ancestors: Set<string>,
): AsyncGenerator<ArchiveEntry> {
  const name = entryName(base, vpath);
  if (!st.isDirectory()) {
    // Only regular files: reading a FIFO or a device would block or never end.
    if (st.isFile() && name) yield toEntry(o, name, abs, st);
    return;
  }
  const listed = await namesBeneath(o.scopeAbs, abs);
  // A symlink to one of its own ancestors would loop forever.
  if (!listed || ancestors.has(listed.real)) return;
  const { real } = listed;
  if (name) yield toEntry(o, name, abs, st);
  const names = listed.names.sort();
  const below = new Set(ancestors).add(real);
  for (const child of names) {
    if (o.signal.aborted) return;
    // In-progress uploads are partial files; they are hidden from listings too.
    if (child.startsWith(UPLOAD_TEMP_PREFIX)) continue;
    const childPath = vpath === "/" ? `/${child}` : `${vpath}/${child}`;
    if (!o.filter(childPath)) continue;
    const childAbs = join(abs, child);
    const childSt = await statInScope(o, childAbs);
    if (childSt) yield* walk(o, base, childPath, childAbs, childSt, below);
  }
}

/**
 * Entries of the selected paths, depth first in name order, each folder before its content. Names are
 * relative to the selection's common parent (selection.ts archiveBase). Hidden files are included (they
 * were selected); symlinks are followed only while they stay inside the scope; special files, upload
 * temp files and paths refused by `filter` are left out. Lazy: the disk is read as the archive is pulled.
 */
export async function* collectEntries(
  selected: readonly ScopedPath[],
  o: CollectOptions,
): AsyncGenerator<ArchiveEntry> {
  const byPath = new Map(selected.map((s) => [s.path, s]));
  const paths = topLevelPaths([...byPath.keys()]);
  const base = archiveBase(paths);
  for (const path of paths) {
    if (o.signal.aborted) return;
    if (path !== "/" && !o.filter(path)) continue;
    const target = byPath.get(path)!;
    const st = await statInScope(o, target.abs);
    if (st) yield* walk(o, base, path, target.abs, st, new Set());
  }
}
