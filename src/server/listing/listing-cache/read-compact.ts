/**
 * @module Reads a folder synchronously into a CompactFolder (in the folder workers, off the event loop): one
 * readdir, then one stat per entry (statx.ts), taken chunk by chunk by one or two threads sharing the buffers.
 * Links keep the semantics of entries.ts readEntry: the stats and real path of their target, left out when dangling.
 */
import { closeSync, openSync, readdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../../constants";
import { DIR_BIT, SYMLINK_BIT } from "../../fs/file-info";
import { IS_DIR, IS_SYMLINK, emptyCompact, escapeFlag, nameAt, sharedBuffer, type CompactFolder } from "./compact";
import { rawNames } from "./getdents";
import { statFn } from "./statx";

const S_IFMT = 0o170000,
  S_IFDIR = 0o040000,
  S_IFLNK = 0o120000;

/**
 * A folder being read, in buffers two threads can share: the names (UTF-8, each followed by a NUL, entry i from
 * starts[i]), the stats written by whoever takes each chunk of entries (`next`: the first entry not yet taken),
 * flags with GONE for entries that vanished or are dangling links.
 */
export interface SharedRead {
  abs: string;
  count: number;
  nameBuf: Uint8Array;
  starts: Uint32Array;
  size: Float64Array;
  mtime: Float64Array;
  mode: Float64Array;
  flags: Uint8Array;
  next: Int32Array;
}

/** Flag of an entry left out (vanished meanwhile, or a dangling link), and entries a thread stats at once. */
const GONE = 0x80,
  CHUNK = 512;

/**
 * Lists the folder `abs` into a SharedRead whose stats are still to be read (names from getdents64 when ffi runs,
 * else readdir, whose strings come along). Throws the readdir error (ENOENT, ENOTDIR, EACCES).
 */
export function listShared(abs: string): { read: SharedRead; names: string[] | null } {
  const raw = rawNames(abs, sharedBuffer);
  let names: string[] | null = null;
  let nameBuf: Uint8Array;
  let starts: Uint32Array;
  let n: number;
  if (raw) ({ bytes: nameBuf, starts, count: n } = raw);
  else {
    const all = readdirSync(abs);
    names = all.some((x) => x.startsWith(UPLOAD_TEMP_PREFIX))
      ? all.filter((x) => !x.startsWith(UPLOAD_TEMP_PREFIX))
      : all;
    n = names.length;
    let chars = 0;
    for (const name of names) chars += name.length;
    // Room for every name as UTF-8 with its NUL (at most 3 bytes per UTF-16 unit).
    nameBuf = new Uint8Array(sharedBuffer(3 * chars + n + 1));
    starts = new Uint32Array(sharedBuffer(4 * (n + 1)));
    const enc = new TextEncoder();
    let at = 0;
    for (let i = 0; i < n; i++) {
      starts[i] = at;
      at += enc.encodeInto(names[i], nameBuf.subarray(at)).written;
      nameBuf[at++] = 0;
    }
    starts[n] = at;
  }
  const read: SharedRead = {
    abs,
    count: n,
    nameBuf,
    starts,
    size: new Float64Array(sharedBuffer(8 * n)),
    mtime: new Float64Array(sharedBuffer(8 * n)),
    mode: new Float64Array(sharedBuffer(8 * n)),
    flags: new Uint8Array(sharedBuffer(n)),
    next: new Int32Array(sharedBuffer(4)),
  };
  return { read, names };
}

/** The names of `r` as strings, decoded from its buffer (for a thread that did not list it). */
export function namesOf(r: SharedRead): string[] {
  if (r.count === 0) return [];
  return new TextDecoder().decode(r.nameBuf.slice(0, r.starts[r.count] - 1)).split("\0");
}

/**
 * Stats entries of `r` chunk by chunk until none is left (any number of threads may run it at once on the same
 * read); returns the real paths of the links it met, by entry index.
 */
export function statShared(r: SharedRead): [number, string][] {
  const links: [number, string][] = [];
  const stat = statFn(r.nameBuf);
  const dirfd = stat.usesFd ? openSync(r.abs, "r") : -1;
  const decoder = new TextDecoder();
  const nameAt = (i: number) => decoder.decode(r.nameBuf.slice(r.starts[i], r.starts[i + 1] - 1));
  try {
    for (;;) {
      const from = Atomics.add(r.next, 0, CHUNK);
      if (from >= r.count) break;
      const to = Math.min(r.count, from + CHUNK);
      for (let i = from; i < to; i++) {
        const child = stat.usesFd ? "" : join(r.abs, nameAt(i));
        let st = stat.fn(dirfd, child, r.starts[i], false);
        if (!st) {
          r.flags[i] = GONE; // vanished meanwhile
          continue;
        }
        let flags = 0;
        if ((st.mode & S_IFMT) === S_IFLNK) {
          const path = child || join(r.abs, nameAt(i));
          st = stat.fn(dirfd, path, r.starts[i], true);
          let real: string | null = null;
          try {
            real = realpathSync(path);
          } catch {
            // a dangling link
          }
          if (!st || real === null) {
            r.flags[i] = GONE;
            continue;
          }
          flags |= IS_SYMLINK;
          links.push([i, real]);
        }
        const isDir = (st.mode & S_IFMT) === S_IFDIR;
        if (isDir) flags |= IS_DIR;
        r.size[i] = st.size;
        r.mtime[i] = st.mtimeMs;
        r.mode[i] = (st.mode & 0o7777) + (isDir ? DIR_BIT : 0) + (flags & IS_SYMLINK ? SYMLINK_BIT : 0);
        r.flags[i] = flags;
      }
    }
  } finally {
    if (dirfd >= 0) closeSync(dirfd);
  }
  return links;
}

/**
 * The CompactFolder of a fully stat-ed `r` (`links` from every statShared), its entries GONE left out; `names`
 * (the strings of r's names) become those of the entries kept; `order` (entry indices of r) is mapped to them.
 */
export function finishShared(
  r: SharedRead,
  links: [number, string][],
  names: string[] | null,
  order?: Uint32Array,
): { folder: CompactFolder; names: string[] | null; order?: Uint32Array } {
  const n = r.count;
  const newIndex = new Int32Array(n);
  let count = 0;
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    if (r.flags[i] & GONE) newIndex[i] = -1;
    else {
      newIndex[i] = count++;
      bytes += r.starts[i + 1] - 1 - r.starts[i];
    }
  }
  const folder = emptyCompact(
    count,
    bytes,
    links.map(([i, real]): [number, string] => [newIndex[i], real]).sort((a, b) => a[0] - b[0]),
  );
  const kept: string[] | null = names && [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const j = newIndex[i];
    if (j < 0) continue;
    const start = r.starts[i];
    const end = r.starts[i + 1] - 1;
    folder.names.set(r.nameBuf.subarray(start, end), at);
    at += end - start;
    folder.nameEnds[j] = at;
    folder.size[j] = r.size[i];
    folder.mtime[j] = r.mtime[i];
    folder.mode[j] = r.mode[i];
    folder.flags[j] = r.flags[i] | escapeFlag(r.nameBuf, start, end);
    kept?.push(names![i]);
  }
  let mapped: Uint32Array | undefined;
  if (order) {
    mapped = new Uint32Array(count);
    let k = 0;
    for (const i of order) if (newIndex[i] >= 0) mapped[k++] = newIndex[i];
  }
  return { folder, names: kept, order: mapped };
}

/** Reads the folder `abs` in the calling thread: listShared, statShared and finishShared in a row. */
export function readCompactSync(abs: string): { folder: CompactFolder; names: string[] } {
  const { read, names } = listShared(abs);
  const links = statShared(read);
  const done = finishShared(read, links, names);
  return {
    folder: done.folder,
    names: done.names ?? Array.from({ length: done.folder.count }, (_, i) => nameAt(done.folder, i)),
  };
}
