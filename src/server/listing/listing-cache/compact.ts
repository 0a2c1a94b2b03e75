/**
 * @module A folder's entries in compact form, as the folder reader (folder-worker.ts) hands them over: the names as
 * one UTF-8 buffer plus typed arrays of sizes, mtimes, modes and flags (a few MB for 100,000 entries, no per-entry
 * objects). CachedEntry records are made from it only where a caller needs them.
 */
import { extensionOf, typeFromName } from "../../fs/file-type";
import { stat } from "node:fs/promises";
import { closeSync, constants, fstatSync, openSync, readlinkSync } from "node:fs";
import { entryBytes, readEntries, type CachedEntry } from "./entries";
import type { CachedFolder } from "./folder-cache";
import { readInWorker, type WorkerRead } from "./worker-client";

/** Flag bits of CompactFolder.flags. */
export const IS_DIR = 1;
export const IS_SYMLINK = 2;
/** The name holds a character JSON escapes (a quote, a backslash, a control character or a lone surrogate). */
export const NEEDS_ESCAPE = 4;

/** Entries of one folder in the directory's order (upload temp files, vanished entries and dangling links left out). */
export interface CompactFolder {
  count: number;
  /** The names, UTF-8, one after another; entry i spans nameEnds[i - 1] (0 for i = 0) to nameEnds[i]. */
  names: Uint8Array;
  nameEnds: Uint32Array;
  /** Bytes (a link: its target's). */
  size: Float64Array;
  /** Modification time, ms since the epoch with the fraction stat gives (Stats.mtimeMs). */
  mtime: Float64Array;
  /** The wire's numeric mode (permission bits plus the directory and symlink bits). */
  mode: Float64Array;
  /** IS_DIR, IS_SYMLINK, NEEDS_ESCAPE. */
  flags: Uint8Array;
  /** Real absolute path of the target of each link, by entry index. */
  links: [number, string][];
}

const decoder = new TextDecoder();

/** A buffer of `bytes` that threads share without a copy (a plain ArrayBuffer where SharedArrayBuffer is missing). */
export function sharedBuffer(bytes: number): ArrayBufferLike {
  return typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/**
 * A CompactFolder of `count` entries and `nameBytes` bytes of names, zeroed, in shared buffers (it goes to the
 * main thread and back to the body writers without a copy); the caller fills it.
 */
export function emptyCompact(count: number, nameBytes: number, links: [number, string][] = []): CompactFolder {
  return {
    count,
    names: new Uint8Array(sharedBuffer(nameBytes)),
    nameEnds: new Uint32Array(sharedBuffer(4 * count)),
    size: new Float64Array(sharedBuffer(8 * count)),
    mtime: new Float64Array(sharedBuffer(8 * count)),
    mode: new Float64Array(sharedBuffer(8 * count)),
    flags: new Uint8Array(sharedBuffer(count)),
    links,
  };
}

/**
 * NEEDS_ESCAPE when the UTF-8 name in `bytes` from `from` to `to` holds a quote, a backslash or a control
 * character (JSON escapes them; UTF-8 has no lone surrogate), else 0.
 */
export function escapeFlag(bytes: Uint8Array, from = 0, to = bytes.length): number {
  for (let k = from; k < to; k++) if (bytes[k] < 0x20 || bytes[k] === 0x22 || bytes[k] === 0x5c) return NEEDS_ESCAPE;
  return 0;
}

/** The name of entry `i`. */
export function nameAt(c: CompactFolder, i: number): string {
  return decoder.decode(c.names.subarray(i === 0 ? 0 : c.nameEnds[i - 1], c.nameEnds[i]));
}

/** Entry `i` as the record the listing cache keeps (`name` given when already decoded; `realAbs` for links). */
export function entryAt(c: CompactFolder, i: number, name = nameAt(c, i), realAbs?: string): CachedEntry {
  const isDir = (c.flags[i] & IS_DIR) !== 0;
  const isSymlink = (c.flags[i] & IS_SYMLINK) !== 0;
  return {
    name,
    size: c.size[i],
    modifiedMs: c.mtime[i],
    mode: c.mode[i],
    isDir,
    isSymlink,
    type: isDir ? "" : (typeFromName(name) ?? "blob"),
    extension: isDir ? "" : extensionOf(name),
    ...(isSymlink ? { realAbs } : {}),
  };
}

/** The subfolders and links of `c` as records (checked on each use of the cached folder). */
export function linksAndFoldersOf(c: CompactFolder): CachedEntry[] {
  const real = new Map(c.links);
  const out: CachedEntry[] = [];
  for (let i = 0; i < c.count; i++)
    if (c.flags[i] & (IS_DIR | IS_SYMLINK)) out.push(entryAt(c, i, undefined, real.get(i)));
  return out;
}

/**
 * Every entry of `c` as records, `slice` at a time with `pause` awaited between slices (a turn of the event loop
 * on large folders).
 */
export async function entriesOf(c: CompactFolder, slice: number, pause: () => Promise<void>): Promise<CachedEntry[]> {
  const real = new Map(c.links);
  const out: CachedEntry[] = new Array(c.count);
  for (let i = 0; i < c.count; i++) {
    out[i] = entryAt(c, i, undefined, real.get(i));
    if (i % slice === slice - 1) await pause();
  }
  return out;
}

/** The same as entriesOf, at once. */
export function entriesOfSync(c: CompactFolder): CachedEntry[] {
  const real = new Map(c.links);
  return Array.from({ length: c.count }, (_, i) => entryAt(c, i, undefined, real.get(i)));
}

/**
 * Bytes the cache counts for `c` (the same measure as entryBytes over its records, which a folder may grow once
 * a caller asks for them).
 */
export function compactBytes(c: CompactFolder): number {
  let n = 0;
  for (const [, r] of c.links) n += 2 * r.length;
  return n + 120 * c.count + 3 * c.names.length;
}

/**
 * How recent (ms) a folder's mtime may be and still vouch for its entries later. File systems stamp times from a
 * clock that moves in ticks (the kernel's coarse clock: up to 10 ms; network and FAT file systems: 1 to 2 s), so a
 * change made in the same tick as the read leaves the mtime as it was, as git's "racy clean" entries show.
 */
const MTIME_TICK_MS = 2_000;

/**
 * The folder mtime `ms` as the cache keeps it: NaN, which equals no later mtime, while it is within MTIME_TICK_MS of
 * now, so such a folder is read again at its next use (where its watch may miss changes) instead of trusted.
 */
function settledMtime(ms: number): number {
  return Date.now() - ms < MTIME_TICK_MS ? Number.NaN : ms;
}

/**
 * Reads the folder `abs` for the cache: in the folder workers when they run, else on the main thread without
 * blocking (entries.ts readEntries). Throws the read error (ENOENT, ENOTDIR, EACCES).
 */
export async function readFolder(abs: string): Promise<CachedFolder> {
  // On Linux the folder is opened once and read through its descriptor's path (the workers share this process's
  // descriptors), and where it really was is kept: a folder swapped for a link out while it is read is told by
  // `real`, which the listing checks against the user's scope (docs/security.md "Paths and races").
  const fd =
    process.platform === "linux"
      ? openSync(abs, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NONBLOCK)
      : -1;
  try {
    const at = fd >= 0 ? `/proc/self/fd/${fd}` : abs;
    const real = fd >= 0 ? readlinkSync(at) : undefined;
    const dirMtimeMs = settledMtime(fd >= 0 ? fstatSync(fd).mtimeMs : (await stat(abs)).mtimeMs);
    const read = await readInWorker(at, collectBefore);
    if (read) return folderFromRead(read, dirMtimeMs, real);
    const entries = await readEntries(at);
    return {
      entries,
      linksAndFolders: entries.filter((e) => e.isDir || e.isSymlink),
      dirMtimeMs,
      derived: new Map(),
      real,
    };
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/** Entries from which a read collects the main thread's garbage first (the bodies it replaces, a few ms). */
const GC_BEFORE_ENTRIES = 20_000;

/** Called with the entry count of a folder being read, before its bodies are written. */
function collectBefore(count: number): void {
  if (count >= GC_BEFORE_ENTRIES) Bun.gc(true);
}

/**
 * Called when `folder` has replaced a cached folder (patched with a few changed entries): a large one's old
 * bodies are collected before new ones are written, as a read does.
 */
export function collectReplaced(folder: CachedFolder): void {
  collectBefore(folder.compact ? folder.compact.folder.count : folder.entries.length);
}

/** Bytes the cache counts for `folder`: its compact read, or its records (entryBytes). */
export function folderBytes(folder: CachedFolder): number {
  return folder.compact ? compactBytes(folder.compact.folder) : folder.entries.reduce((n, e) => n + entryBytes(e), 0);
}

/** Cached folders whose records are not made yet. */
const unmade = new WeakSet<CachedFolder>();

/** A cached folder over a worker's read (`compact`): its records are made only when a caller asks for them. */
export function folderFromRead(read: WorkerRead, dirMtimeMs: number, real?: string): CachedFolder {
  let entries: CachedEntry[] | null = null;
  const folder: CachedFolder = {
    get entries() {
      unmade.delete(folder);
      return (entries ??= entriesOfSync(read.folder));
    },
    set entries(made: CachedEntry[]) {
      unmade.delete(folder);
      entries = made;
    },
    compact: read,
    linksAndFolders: linksAndFoldersOf(read.folder),
    dirMtimeMs,
    derived: new Map(),
    real,
  };
  unmade.add(folder);
  return folder;
}

/** The records of `folder`, made in slices (`pause` awaited between them) when it holds a worker's read. */
export async function entriesReady(
  folder: CachedFolder,
  slice: number,
  pause: () => Promise<void>,
): Promise<CachedEntry[]> {
  if (!folder.compact || !unmade.has(folder)) return folder.entries;
  const made = await entriesOf(folder.compact.folder, slice, pause);
  if (unmade.has(folder)) folder.entries = made;
  return folder.entries;
}
