/**
 * @module The FileIndex of the whole files root: opens the index database, builds a snapshot by a background walk
 * at start (state "building" until done), builds a new one every `indexInterval` minutes (the old one answers until
 * the new one replaces it), and applies the product's own changes at once to the recent layer (index-layers.ts), and
 * those made outside it as its folder watches tell them (tree-watch.ts).
 */
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import { IndexStore } from "./index-store";
import { LayeredStore } from "./index-layers";
import { applyChange, continueWalk } from "./index-apply";
import { exclusionsOf, isExcluded, rollUpTotals, walkBelow, type WalkExclusions } from "./index-walker";
import { TreeWatch } from "./tree-watch";
import type { FolderWatchers } from "../listing/listing-cache/watchers";
import { buildSnapshot } from "./snapshot-build";
import { promoteNextTables } from "./snapshot-tables";
import type { FsChange } from "../fs/changes";
import type { FileIndex, FolderTotals, IndexStatus, SearchHit, SearchRequest } from "./types";

/** Options of the index. */
export interface FileIndexOptions {
  /** Absolute real path of the files root. */
  rootAbs: string;
  /** The index database file. */
  file: string;
  /** Minutes between refresh walks; 0 or less: no timer. */
  intervalMinutes: number;
  excludeDirs: readonly string[];
  /** Drop the old index and build from scratch (setting `rmOldIndex`). */
  fromScratch: boolean;
  /** Reports a failed walk (the index keeps its previous content). */
  onError?: (err: unknown) => void;
  /** Receives the absolute path of every temp file or folder a full walk passes (the temp sweeper's found). */
  onTemp?: (abs: string) => void;
  /** Watch the tree with these watchers, at most `maxWatches` folders (tree-watch.ts); omitted: refresh only. */
  watch?: { watchers: FolderWatchers; maxWatches: number };
}

/** The default index file: beside the main database, or in the folder `indexLocation` names. */
export function indexFileOf(databaseFile: string, indexLocation: string): string {
  const dir = indexLocation.trim()
    ? posix.resolve(posix.dirname(databaseFile), indexLocation.trim())
    : posix.dirname(posix.resolve(databaseFile));
  return join(dir, "fbe-index.db");
}

/** The live index: see the module note. Construct with openFileIndex. */
export class SqliteFileIndex implements FileIndex {
  readonly store: IndexStore;
  readonly layers: LayeredStore;
  private ready = false;
  /** Folder walks of big changes still going on (see continueWalk). */
  private readonly pendingWalks = new Set<Promise<void>>();
  private walking: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private ex: WalkExclusions;
  private readonly tree: TreeWatch | null;
  private readonly onFolder: ((abs: string, path: string) => void) | undefined;

  constructor(private readonly opts: FileIndexOptions) {
    this.store = new IndexStore(opts.file, opts.fromScratch);
    this.layers = new LayeredStore(this.store);
    this.ex = exclusionsOf(opts.excludeDirs);
    this.tree = opts.watch
      ? new TreeWatch({
          rootAbs: opts.rootAbs,
          watchers: opts.watch.watchers,
          maxWatches: opts.watch.maxWatches,
          apply: (change) => this.apply(change),
          refresh: () => this.refresh(),
          wasFolder: (path) => this.layers.entry(path)?.isDir ?? false,
          excluded: (path, name) => isExcluded(this.ex, path, name),
        })
      : null;
    const tree = this.tree;
    this.onFolder = tree ? (abs, path) => tree.folder(abs, path) : undefined;
  }

  readonly state = (): "building" | "ready" => (this.ready ? "ready" : "building");

  /** Starts the first walk and the refresh timer; the promise resolves when the first walk is done. */
  start(): Promise<void> {
    const first = this.refresh();
    this.startTimer(this.opts.intervalMinutes);
    return first;
  }

  private startTimer(minutes: number): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (minutes <= 0 || this.closed) return;
    this.timer = setInterval(() => void this.refresh(), minutes * 60_000);
    this.timer.unref?.();
  }

  reconfigure(opts: { intervalMinutes: number; excludeDirs: readonly string[] }): void {
    this.ex = exclusionsOf(opts.excludeDirs);
    if (opts.intervalMinutes !== this.opts.intervalMinutes) {
      this.opts.intervalMinutes = opts.intervalMinutes;
      this.startTimer(opts.intervalMinutes);
    }
  }

  search(req: SearchRequest): SearchHit[] {
    return this.layers.search(req);
  }

  folderTotals(path: string): FolderTotals | null {
    return this.ready ? this.store.totals(path) : null;
  }

  /**
   * Applies one change of the tree. A path that vanished or changed kind while it was read (a folder removed between
   * the watch's report and now) is dropped from the index when it is gone, and left to its next report otherwise;
   * any other failure goes to onError. Nothing here throws: a change of the tree never stops the server.
   */
  apply(change: FsChange): void {
    if (this.closed) return;
    let rest: ReturnType<typeof applyChange>;
    try {
      rest = applyChange(this.layers, this.opts.rootAbs, this.ex, change, this.onFolder);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const path = change.kind === "moved" ? change.to : change.path;
      if (code !== "ENOENT" && code !== "ENOTDIR") return this.opts.onError?.(err);
      if (!existsSync(this.opts.rootAbs + path)) this.apply({ kind: "removed", path });
      return;
    }
    if (rest) {
      const done = continueWalk(this.layers, rest, () => this.closed).catch((err) => this.opts.onError?.(err));
      this.pendingWalks.add(done);
      void done.finally(() => this.pendingWalks.delete(done));
    }
  }

  refresh(fromScratch = false): Promise<void> {
    if (this.walking) return this.walking;
    this.walking = this.walk(fromScratch)
      .catch((err) => {
        if (!this.closed) this.opts.onError?.(err);
      })
      .finally(() => {
        this.walking = null;
      });
    return this.walking;
  }

  /**
   * One walk of the whole root into a new snapshot, which then replaces the old one in one transaction together
   * with the changes it already holds (those numbered up to the walk's start). `fromScratch` first drops the old
   * index, so searches fall back to the live walk until the new one is ready.
   */
  private async walk(fromScratch: boolean): Promise<void> {
    const db = this.store.db;
    if (fromScratch) {
      this.ready = false;
      this.store.reset();
      this.layers.snapshot.reload();
      this.layers.reloadTombs();
    }
    const startSeq = this.layers.seq;
    const direct = new Map<string, { size: number; numFiles: number; numDirs: number }>();
    this.tree?.walkStarted();
    const it = walkBelow(this.opts.rootAbs, "/", this.ex, direct, this.opts.onTemp, this.onFolder);
    try {
      await buildSnapshot(db, it, () => this.closed);
    } finally {
      it.return(undefined);
    }
    db.transaction(() => {
      promoteNextTables(db);
      this.store.forgetUpTo(startSeq);
      this.store.setTotals(rollUpTotals(direct), true);
      this.store.setMeta("builtAt", String(Date.now()));
    })();
    this.layers.snapshot.reload();
    this.layers.reloadTombs();
    db.run("PRAGMA incremental_vacuum");
    db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    this.ready = true;
  }

  /** Resolves when the folder walks of big changes going on now are done. */
  async settled(): Promise<void> {
    while (this.pendingWalks.size > 0) await Promise.all([...this.pendingWalks]);
  }

  /** Entries, last build time (ms) and whether a walk runs now: the index status of the settings screen. */
  status(): IndexStatus {
    const root = this.store.totals("/");
    const n = root ? root.numFiles + root.numDirs : 0;
    const at = this.store.meta("builtAt");
    return {
      entries: n,
      builtAt: at ? Number(at) : null,
      building: this.walking !== null || this.pendingWalks.size > 0,
      watch: this.tree ? { ...this.tree.status(), intervalMinutes: this.opts.intervalMinutes } : null,
    };
  }

  /** True once close() was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    this.tree?.close();
    if (this.timer) clearInterval(this.timer);
    this.store.close();
  }
}
