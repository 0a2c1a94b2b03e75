/**
 * @module The per-folder cache of entry stats behind listings, bounded in memory (least recently used folders
 * dropped first, by bytes and by count). A cached folder stays valid while its watch (inotify, watchers.ts) and
 * the product report no change in it, and, where the watch may miss changes (fs.watch, network file systems), its
 * own mtime is unchanged. Where the watch names the entries that changed (inotify on a local file system), up to
 * PATCH_MAX of them are stat-ed again at the next use and patched in (folder-patch.ts) instead of reading the
 * whole folder. A folder that cannot be watched is read afresh each time; a dropped folder's watch closes.
 */
import { stat } from "node:fs/promises";
import { collectReplaced, folderBytes, readFolder } from "./compact";
import { readEntry, type CachedEntry } from "./entries";
import { patchFolder } from "./folder-patch";
import type { WorkerRead } from "./worker-client";
import { sharedFolderWatchers, watchSeesAll, type FolderWatchers, type WatchHandle } from "./watchers";

/** A cached folder: its entries plus anything derived from them (sorted orders, ready bodies), dropped with it. */
export interface CachedFolder {
  /** In the directory's order (made on first use from `compact`, the workers' read when they read it). */
  entries: CachedEntry[];
  compact?: WorkerRead;
  /** The subfolders and links (checked on every use: their own changes do not reach the watch). */
  linksAndFolders: CachedEntry[];
  /** mtime (ms) of the folder when its read started; NaN when too recent to vouch for it (compact.ts). */
  dirMtimeMs: number;
  /** Derived values by key (sorted orders, serialized bodies) with their bytes; cleared with the folder. */
  derived: Map<string, { value: unknown; bytes: number }>;
  /**
   * Where the folder really was when it was read (the real path of the opened folder; undefined off Linux): a
   * listing answers it only to a user whose scope holds that place (listing-body.ts).
   */
  real?: string;
}

interface Slot {
  abs: string;
  folder: CachedFolder | null;
  building: Promise<CachedFolder> | null;
  /** The gen the read in progress started at. */
  buildingGen: number;
  /** Bumped by every invalidation: a read that started before a change is not stored. */
  gen: number;
  watcher: WatchHandle;
  /** False when the watch may miss changes (fs.watch, network file systems): the folder's mtime is compared too. */
  seesAll: boolean;
  bytes: number;
  /** Names of the entries changed since `folder` was stored (only where seesAll), to stat again at the next use. */
  pending: Set<string> | null;
  /** The patch in progress (concurrent uses share it). */
  patching: Promise<CachedFolder> | null;
}

/**
 * Changed names patched into a cached folder at most; more, and the folder is read again (measured: a few stats
 * and an array copy against a read of the whole folder).
 */
export const PATCH_MAX = 256;

/** Limits of a FolderCache: total bytes of entries and derived values, and folders watched at once. */
export interface CacheLimits {
  maxBytes: number;
  maxFolders: number;
}

/** A bounded LRU of folder reads keyed by absolute path. */
export class FolderCache {
  private slots = new Map<string, Slot>();
  private total = 0;

  constructor(
    private limits: CacheLimits,
    private readonly watchers: FolderWatchers = sharedFolderWatchers(),
  ) {}

  /** Replaces the limits (at boot, from the Config, before the first read). */
  setLimits(limits: CacheLimits): void {
    this.limits = limits;
  }

  /** Bytes held now (entries plus derived values); never above maxBytes once a call returns. */
  get bytes(): number {
    return this.total;
  }

  /** Folders held or watched now. */
  get size(): number {
    return this.slots.size;
  }

  /**
   * The entries of the folder `abs`: from the cache when still valid, else read asynchronously (concurrent calls
   * share one read). Throws the read error (ENOENT, ENOTDIR, EACCES).
   */
  async get(abs: string): Promise<CachedFolder> {
    this.watchers.drain();
    const slot = this.slots.get(abs);
    if (slot?.folder && slot.seesAll) {
      this.touch(slot);
      // A patch in progress started after a change this request must see too.
      return slot.pending ? this.patch(slot) : (slot.patching ?? slot.folder);
    }
    if (slot?.folder) {
      const folder = slot.folder;
      // The folder's own mtime catches entries created, deleted or renamed where the watch sees nothing (a network
      // file system changed from another machine) or sees late (fs.watch).
      const mtime = await stat(abs).then(
        (s) => s.mtimeMs,
        () => Number.NaN,
      );
      this.watchers.drain();
      if (slot.folder === folder && mtime === folder.dirMtimeMs) {
        this.touch(slot);
        return folder;
      }
      this.invalidate(abs);
    }
    if (slot?.building && slot.buildingGen === slot.gen) return slot.building;
    return this.build(abs);
  }

  /**
   * Stores a derived value (sorted order, serialized body) of `folder` under `key`, counted in the budget; nothing
   * is stored when the folder is no longer the cached one.
   */
  setDerived(abs: string, folder: CachedFolder, key: string, value: unknown, bytes: number): void {
    const slot = this.slots.get(abs);
    if (!slot || slot.folder !== folder) return;
    const old = folder.derived.get(key);
    folder.derived.set(key, { value, bytes });
    this.resize(slot, slot.bytes + bytes - (old?.bytes ?? 0));
    this.evict(slot);
    if (this.total <= this.limits.maxBytes) return;
    // Too big beside the folder's own entries: the value is not kept (the folder is, for the next request).
    folder.derived.delete(key);
    this.resize(slot, slot.bytes - bytes);
    this.evict();
  }

  /** Forgets the cached entries of the folder `abs` (it stays watched); a read in progress will not be stored. */
  invalidate(abs: string): void {
    const slot = this.slots.get(abs);
    if (!slot) return;
    slot.gen++;
    slot.folder = null;
    slot.pending = null;
    this.resize(slot, 0);
  }

  /**
   * Notes that the entries `names` of the folder `abs` changed (created, removed, renamed, written): they are
   * stat-ed again at its next use. Without names, or where the folder's watch may miss changes, or beyond
   * PATCH_MAX names, or while the folder is being read, the folder is forgotten as invalidate() does.
   */
  changed(abs: string, names?: readonly string[]): void {
    const slot = this.slots.get(abs);
    if (!slot) return;
    if (!names || !slot.folder || !slot.seesAll) return this.invalidate(abs);
    slot.pending ??= new Set();
    for (const name of names) slot.pending.add(name);
    if (slot.pending.size > PATCH_MAX) this.invalidate(abs);
  }

  /** Forgets `abs` and every cached folder below it (a folder replaced, moved or deleted as a whole). */
  invalidateTree(abs: string): void {
    const prefix = `${abs.replace(/\/+$/, "")}/`;
    this.invalidate(abs);
    for (const key of this.slots.keys()) if (key.startsWith(prefix)) this.invalidate(key);
  }

  /** Drops everything and closes every watcher. */
  clear(): void {
    for (const slot of [...this.slots.values()]) this.drop(slot);
  }

  /**
   * The cached folder of `slot` with its pending names stat-ed again and patched in. A change that forgot the
   * folder meanwhile (or a failed patch) leads to a fresh get.
   */
  private patch(slot: Slot): Promise<CachedFolder> {
    if (slot.patching) return slot.patching;
    const folder = slot.folder!;
    const names = [...slot.pending!];
    const gen = slot.gen;
    slot.pending = null;
    // The first await comes before `run` is read, so it is assigned by then.
    let run!: Promise<CachedFolder>;
    run = (async () => {
      const now = await Promise.all(names.map((name) => readEntry(slot.abs, name)));
      this.watchers.drain();
      if (slot.patching === run) slot.patching = null;
      if (this.slots.get(slot.abs) !== slot || slot.gen !== gen || slot.folder !== folder) return this.get(slot.abs);
      let next: CachedFolder | null;
      try {
        next = patchFolder(folder, new Map(names.map((name, i) => [name, now[i]])));
      } catch {
        this.invalidate(slot.abs);
        return this.get(slot.abs);
      }
      if (!next) return folder;
      slot.folder = next;
      this.resize(slot, folderBytes(next) + 64 + 2 * slot.abs.length);
      this.evict();
      collectReplaced(next);
      return next;
    })();
    slot.patching = run;
    return run;
  }

  private async build(abs: string): Promise<CachedFolder> {
    const slot = this.slots.get(abs) ?? this.watchSlot(abs);
    const gen = slot?.gen ?? 0;
    const read = readFolder(abs);
    if (!slot) return read; // not watchable: a fresh read every time
    slot.building = read;
    slot.buildingGen = gen;
    try {
      const folder = await read;
      this.watchers.drain(); // changes made during the read make it not worth keeping
      if (this.slots.get(abs) === slot && slot.gen === gen) {
        slot.folder = folder;
        this.resize(slot, folderBytes(folder) + 64 + 2 * abs.length);
        this.touch(slot);
        this.evict();
      }
      return folder;
    } finally {
      if (slot.building === read) slot.building = null;
    }
  }

  /** A new slot with its watch, or null when the folder cannot be watched (the caller reads without caching). */
  private watchSlot(abs: string): Slot | null {
    let slot: Slot | null = null;
    // A watch that ended (folder deleted or moved away) no longer guards the path: drop the slot with it.
    const watcher = this.watchers.watch(abs, (gone, names) => {
      if (slot && this.slots.get(abs) === slot) gone ? this.drop(slot) : this.changed(abs, names);
    });
    if (!watcher) return null;
    slot = {
      abs,
      folder: null,
      building: null,
      buildingGen: 0,
      gen: 0,
      watcher,
      seesAll: watchSeesAll(this.watchers, abs),
      bytes: 0,
      pending: null,
      patching: null,
    };
    this.slots.set(abs, slot);
    this.evict();
    return slot;
  }

  private touch(slot: Slot): void {
    this.slots.delete(slot.abs);
    this.slots.set(slot.abs, slot);
  }

  private resize(slot: Slot, bytes: number): void {
    this.total += bytes - slot.bytes;
    slot.bytes = bytes;
  }

  private drop(slot: Slot): void {
    slot.gen++;
    slot.pending = null;
    this.resize(slot, 0);
    slot.folder = null;
    this.slots.delete(slot.abs);
    try {
      slot.watcher.close();
    } catch {
      // already closed
    }
  }

  /**
   * Drops least recently used folders until both limits hold; a folder being read is kept until it is stored, and
   * so is `keep` (the folder a derived value is being added to).
   */
  private evict(keep?: Slot): void {
    for (const slot of [...this.slots.values()]) {
      if (this.total <= this.limits.maxBytes && this.slots.size <= this.limits.maxFolders) return;
      if (!slot.building && slot !== keep) this.drop(slot);
    }
  }
}
