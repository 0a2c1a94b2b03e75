/**
 * @module Live updates of the file index from folder watches (docs/security.md "Compressed tars and folder watches"):
 * each folder an index walk enters is watched first (inotify, through the server's one set of watchers that the
 * listing cache shares, listing/listing-cache/watchers.ts) while the kernel's watch limit allows, and every change any
 * of those watches reports, the index's own or the listing cache's, is applied to the index after the next drain
 * (at most a second: the watchers drain every second). A file added in a shell, by Samba or by rsync is so found at
 * once. When the limit runs short, the folders left unwatched are caught by the periodic refresh (indexInterval)
 * and the status says so.
 */
import { lstatSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import type { FolderWatchers, WatchHandle } from "../listing/listing-cache/watchers";
import { isTempName } from "../fs/temp-name";
import type { FsChange } from "../fs/changes";

/** Kernel watches left to the listing cache and the other programs of the same user (inotify(7) counts per user). */
export const WATCH_RESERVE = 1024;
/** Where Linux tells the watch limit of a user (inotify(7) "/proc interfaces"). */
const MAX_USER_WATCHES = "/proc/sys/fs/inotify/max_user_watches";
/**
 * Folders told as changed as a whole in one batch (a queue overflow tells them all) past which the whole tree is
 * walked again instead of each of them.
 */
const WHOLE_MAX = 16;
/** Paths applied per turn of the event loop: a copy of many files told at once never holds it long. */
const FLUSH_SLICE = 500;
/**
 * The least time from the end of one whole-tree walk that the watches asked for (a queue overflow, many folders
 * changed at once) to the start of the next, ms: a storm of changes (a folder renamed in a loop overflows the queue
 * every drain) must not keep the index walking and the server busy. The first one after a quiet spell starts at once.
 */
export const REFRESH_GAP_MS = 30_000;

/** What the index's watch of its tree is doing: the Global settings status line. */
export interface TreeWatchStatus {
  /** False where watches cannot tell changes exactly (no inotify): only the interval refreshes then. */
  live: boolean;
  /** Folders watched now. */
  folders: number;
  /** Watches the index could have: the kernel's limit less WATCH_RESERVE, or the configured cap when lower. */
  limit: number;
  /** True when some folders are not watched because the limit ran short. */
  short: boolean;
}

/** What a TreeWatch needs of its index. */
export interface TreeWatchOptions {
  /** Absolute real path of the indexed root. */
  rootAbs: string;
  watchers: FolderWatchers;
  /** Folders watched at most (watchLimit). */
  maxWatches: number;
  apply: (change: FsChange) => void;
  /** Walks the whole root again (after a watch queue overflow); resolves when the walk is done. */
  refresh: () => Promise<void>;
  /** True when the index holds `path` as a folder (its holds below are dropped when it goes). */
  wasFolder: (path: string) => boolean;
  /** True when the folder at `path` named `name` is left out of the index (excludeIndexDirs). */
  excluded: (path: string, name: string) => boolean;
}

/**
 * The index's limit of watches: the kernel's per-user limit less WATCH_RESERVE, capped by `cap` (the
 * FBE_INDEX_WATCH_MAX environment variable at boot; Infinity for none). 0 where the limit cannot be read.
 */
export function watchLimit(cap: number): number {
  let kernel = 0;
  try {
    kernel = Number.parseInt(readFileSync(MAX_USER_WATCHES, "utf8"), 10) || 0;
  } catch {
    // Not Linux, or /proc not mounted: no watches for the index.
  }
  return Math.max(0, Math.min(cap, kernel - WATCH_RESERVE));
}

/**
 * True when `abs` is a folder itself (a link is not followed). False when it is anything else, is missing, or lies
 * below what became a file (ENOTDIR, which throwIfNoEntry does not cover; thrown out of a flush it ended the server).
 */
function isFolderAt(abs: string): boolean {
  try {
    return lstatSync(abs, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/** The watches of the index's tree; see the module comment. */
export class TreeWatch {
  /** The index's own hold on each watched folder, by root-relative path. */
  private readonly held = new Map<string, WatchHandle>();
  private short = false;
  /** Paths told changed since the last flush, and whether as a whole folder (true) or as one name (false). */
  private pending = new Map<string, boolean>();
  private scheduled = false;
  private closed = false;
  /** When the next whole-tree walk may start (ms since the epoch), and its timer or running walk. */
  private refreshAt = 0;
  private refreshing: ReturnType<typeof setTimeout> | Promise<void> | null = null;
  /** A walk was asked for while one ran: changes it may have missed call for another. */
  private refreshAgain = false;

  constructor(private readonly o: TreeWatchOptions) {
    if (o.watchers.exact) o.watchers.observe((abs, gone, names) => this.observed(abs, gone, names));
  }

  /** Watches the folder `abs` (root-relative `path`) unless it is already, while the limit allows; walks call it first. */
  folder(abs: string, path: string): void {
    if (!this.o.watchers.exact || this.closed || this.held.has(path)) return;
    if (this.held.size >= this.o.maxWatches) {
      this.short = true;
      return;
    }
    // A hold of our own per folder: closing it never drops a watch another holder (the listing cache) still uses.
    const handle = this.o.watchers.watch(abs, () => {});
    if (handle) this.held.set(path, handle);
    // ENOSPC: the kernel's limit, which other programs of the same user share, ran out first.
    else if (isFolderAt(abs)) this.short = true;
  }

  /** A full walk starts: the limit is judged again on what it watches. */
  walkStarted(): void {
    this.short = false;
  }

  status(): TreeWatchStatus {
    return { live: this.o.watchers.exact, folders: this.held.size, limit: this.o.maxWatches, short: this.short };
  }

  close(): void {
    this.closed = true;
    if (this.refreshing && !(this.refreshing instanceof Promise)) clearTimeout(this.refreshing);
    for (const h of this.held.values()) h.close();
    this.held.clear();
  }

  private virtualOf(abs: string): string | null {
    if (abs === this.o.rootAbs) return "/";
    return abs.startsWith(`${this.o.rootAbs}/`) ? abs.slice(this.o.rootAbs.length) : null;
  }

  private observed(abs: string, gone: boolean, names?: readonly string[]): void {
    const path = this.virtualOf(abs);
    if (path === null || this.closed) return;
    // A folder deleted or moved away: its watch has ended; its parent's watch tells where it went.
    if (gone) this.held.delete(path);
    else if (!names) this.pending.set(path, true);
    else
      for (const name of names)
        if (!isTempName(name))
          this.pending.set(posix.join(path, name), this.pending.get(posix.join(path, name)) ?? false);
    if (this.scheduled || this.pending.size === 0) return;
    this.scheduled = true;
    // After the drain that told it: a folder moved is watched again only once its old watch has ended.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    if (this.closed) return;
    const wholes = [...this.pending.values()].filter(Boolean).length;
    if (wholes > WHOLE_MAX || this.pending.get("/") === true) {
      this.pending.clear();
      return this.requestRefresh();
    }
    const batch: [string, boolean][] = [];
    for (const entry of this.pending) {
      batch.push(entry);
      this.pending.delete(entry[0]);
      if (batch.length === FLUSH_SLICE) break;
    }
    if (this.pending.size > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    for (const [path, whole] of batch) {
      const abs = this.o.rootAbs + path;
      const isFolder = isFolderAt(abs);
      if (this.insideExcluded(path, isFolder)) continue;
      if (!isFolder && this.o.wasFolder(path)) this.dropBelow(path);
      // A folder not watched yet (new, moved in) is walked, which watches it and everything below it.
      this.o.apply({ kind: whole || (isFolder && !this.held.has(path)) ? "written" : "seen", path });
    }
  }

  /** A whole-tree walk, at once or REFRESH_GAP_MS after the end of the last one; one at a time. */
  private requestRefresh(): void {
    if (this.closed) return;
    if (this.refreshing instanceof Promise) {
      this.refreshAgain = true;
      return;
    }
    if (this.refreshing) return;
    const wait = this.refreshAt - Date.now();
    if (wait > 0) this.refreshing = setTimeout(() => this.startRefresh(), wait);
    else this.startRefresh();
  }

  private startRefresh(): void {
    this.refreshing = this.o.refresh().finally(() => {
      this.refreshing = null;
      this.refreshAt = Date.now() + REFRESH_GAP_MS;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.requestRefresh();
      }
    });
  }

  /**
   * True when `path` is left out of the index: a folder excluded by name or path, or anything below one (the listing
   * cache also watches excluded folders when they are listed), or below a temp folder.
   */
  private insideExcluded(path: string, isFolder: boolean): boolean {
    const parts = path.split("/").filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      const last = i === parts.length - 1;
      if (!last && isTempName(parts[i]!)) return true;
      if ((!last || isFolder) && this.o.excluded(`/${parts.slice(0, i + 1).join("/")}`, parts[i]!)) return true;
    }
    return false;
  }

  /** Drops the holds of `path` and below (a folder removed or moved away: its subfolders' watches carry on). */
  private dropBelow(path: string): void {
    const prefix = `${path}/`;
    for (const [p, h] of this.held) {
      if (p !== path && !p.startsWith(prefix)) continue;
      h.close();
      this.held.delete(p);
    }
  }
}
