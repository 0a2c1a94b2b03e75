/**
 * @module A cached folder brought up to date from a few changed names (the names inotify reports, the product's
 * own writes) instead of being read whole again: the caller stats each named entry afresh, and the folder's
 * records, or its compact read with its natural name order, are copied with those entries added, removed or
 * replaced. One file added to a 100,000-entry folder then costs a copy of its arrays, not 100,000 stats and a sort.
 */
import {
  IS_DIR,
  IS_SYMLINK,
  emptyCompact,
  entryAt,
  escapeFlag,
  folderFromRead,
  nameAt,
  type CompactFolder,
} from "./compact";
import type { CachedEntry } from "./entries";
import type { CachedFolder } from "./folder-cache";
import { naturalKey } from "./natural-key";
import { newReadId, type WorkerRead } from "./worker-client";

/** The state of named entries now: the fresh record, or null when the entry is gone (or a dangling link). */
export type FreshEntries = ReadonlyMap<string, CachedEntry | null>;

/** True when `a` and `b` would be listed alike (the fields a listing shows, and a link's target). */
export function sameEntry(a: CachedEntry, b: CachedEntry): boolean {
  return (
    a.size === b.size &&
    a.modifiedMs === b.modifiedMs &&
    a.mode === b.mode &&
    a.isDir === b.isDir &&
    a.isSymlink === b.isSymlink &&
    a.realAbs === b.realAbs
  );
}

/**
 * `folder` with the entries of `fresh` as they are now, as a new CachedFolder (its derived values, made for the
 * old entries, start empty); null when every named entry is as the folder holds it already (a file created and
 * removed again, a write that left size and mtime alike).
 */
export function patchFolder(folder: CachedFolder, fresh: FreshEntries): CachedFolder | null {
  if (folder.compact) {
    const read = patchRead(folder.compact, fresh);
    return read && folderFromRead(read, folder.dirMtimeMs, folder.real);
  }
  const entries = patchEntries(folder.entries, fresh);
  return (
    entries && {
      entries,
      linksAndFolders: entries.filter((e) => e.isDir || e.isSymlink),
      dirMtimeMs: folder.dirMtimeMs,
      derived: new Map(),
      real: folder.real,
    }
  );
}

/** `entries` with `fresh` applied (removed ones left out, new ones at the end); null when nothing differs. */
function patchEntries(entries: readonly CachedEntry[], fresh: FreshEntries): CachedEntry[] | null {
  const seen = new Set<string>();
  let changed = false;
  const out: CachedEntry[] = [];
  for (const e of entries) {
    const now = fresh.get(e.name);
    if (now === undefined) {
      out.push(e);
      continue;
    }
    seen.add(e.name);
    if (now && sameEntry(e, now)) out.push(e);
    else {
      changed = true;
      if (now) out.push(now);
    }
  }
  for (const [name, now] of fresh) {
    if (seen.has(name) || !now) continue;
    changed = true;
    out.push(now);
  }
  return changed ? out : null;
}

const encoder = new TextEncoder();

/** The index in `c` of each name of `names` that it holds, found by comparing UTF-8 bytes in one pass. */
function indicesOf(c: CompactFolder, names: Iterable<string>): Map<string, number> {
  const byLength = new Map<number, { name: string; bytes: Uint8Array }[]>();
  for (const name of names) {
    const bytes = encoder.encode(name);
    const list = byLength.get(bytes.length);
    if (list) list.push({ name, bytes });
    else byLength.set(bytes.length, [{ name, bytes }]);
  }
  const found = new Map<string, number>();
  let start = 0;
  for (let i = 0; i < c.count; i++) {
    const end = c.nameEnds[i];
    const list = byLength.get(end - start);
    if (list) {
      for (const w of list) {
        let k = 0;
        while (k < w.bytes.length && c.names[start + k] === w.bytes[k]) k++;
        if (k === w.bytes.length) found.set(w.name, i);
      }
    }
    start = end;
  }
  return found;
}

/** The flags of `e` whose name is `bytes` (UTF-8): IS_DIR, IS_SYMLINK, NEEDS_ESCAPE. */
function flagsOf(e: CachedEntry, bytes: Uint8Array): number {
  return (e.isDir ? IS_DIR : 0) | (e.isSymlink ? IS_SYMLINK : 0) | escapeFlag(bytes);
}

/**
 * `read` with `fresh` applied: a new compact folder (entries kept in their order, new ones at the end) and its
 * natural name order mapped over (each new entry placed by binary search); the same read id when only stats
 * changed (the names, which the threads keep by read id, are alike), else a new one. Null when nothing differs.
 */
function patchRead(read: WorkerRead, fresh: FreshEntries): WorkerRead | null {
  const c = read.folder;
  const at = indicesOf(c, fresh.keys());
  const real = new Map(c.links);
  const replaced = new Map<number, CachedEntry>();
  const removed = new Set<number>();
  const added: { entry: CachedEntry; bytes: Uint8Array }[] = [];
  for (const [name, now] of fresh) {
    const i = at.get(name);
    if (i === undefined) {
      if (now) added.push({ entry: now, bytes: encoder.encode(name) });
    } else if (!now) removed.add(i);
    else if (!sameEntry(entryAt(c, i, name, real.get(i)), now)) replaced.set(i, now);
  }
  if (replaced.size === 0 && removed.size === 0 && added.length === 0) return null;
  let nameBytes = c.names.length;
  for (const i of removed) nameBytes -= c.nameEnds[i] - (i === 0 ? 0 : c.nameEnds[i - 1]);
  for (const a of added) nameBytes += a.bytes.length;
  const count = c.count - removed.size + added.length;
  const out = emptyCompact(count, nameBytes);
  const newIndex = new Int32Array(c.count);
  let j = 0;
  let pos = 0;
  const put = (bytes: Uint8Array, size: number, mtime: number, mode: number, flags: number, realAbs?: string) => {
    out.names.set(bytes, pos);
    pos += bytes.length;
    out.nameEnds[j] = pos;
    out.size[j] = size;
    out.mtime[j] = mtime;
    out.mode[j] = mode;
    out.flags[j] = flags;
    if (realAbs !== undefined) out.links.push([j, realAbs]);
    j++;
  };
  for (let i = 0; i < c.count; i++) {
    if (removed.has(i)) {
      newIndex[i] = -1;
      continue;
    }
    newIndex[i] = j;
    const bytes = c.names.subarray(i === 0 ? 0 : c.nameEnds[i - 1], c.nameEnds[i]);
    const now = replaced.get(i);
    if (now) put(bytes, now.size, now.modifiedMs, now.mode, flagsOf(now, bytes), now.realAbs);
    else put(bytes, c.size[i], c.mtime[i], c.mode[i], c.flags[i], real.get(i));
  }
  const firstAdded = j;
  for (const a of added)
    put(a.bytes, a.entry.size, a.entry.modifiedMs, a.entry.mode, flagsOf(a.entry, a.bytes), a.entry.realAbs);
  const sameNames = removed.size === 0 && added.length === 0;
  return {
    folder: out,
    readId: sameNames ? read.readId : newReadId(),
    nameOrder: read.nameOrder && (sameNames ? read.nameOrder : patchOrder(out, read.nameOrder, newIndex, firstAdded)),
  };
}

/**
 * The natural ascending name order of `c` (the patched folder) from the old order `order`: old entries mapped by
 * `newIndex` (-1: removed), entries from `firstAdded` on inserted after every entry whose key is not greater
 * (ties keep index order, as natural-key.ts orderOf does).
 */
function patchOrder(c: CompactFolder, order: Uint32Array, newIndex: Int32Array, firstAdded: number): Uint32Array {
  const list: number[] = [];
  for (const i of order) if (newIndex[i] >= 0) list.push(newIndex[i]);
  const keyAt = (i: number) => naturalKey(nameAt(c, i).toLowerCase());
  for (let i = firstAdded; i < c.count; i++) {
    const key = keyAt(i);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keyAt(list[mid]) <= key) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, i);
  }
  return Uint32Array.from(list);
}
