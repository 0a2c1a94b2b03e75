/**
 * @module The FileIndex of the whole files root: opens the index database, builds it by a background walk at start
 * (state "building" until done), refreshes it every `indexInterval` minutes (upserts with a new generation, then
 * removes what the walk did not see), and applies the product's own changes at once.
 */
import { join, posix } from "node:path";
import { IndexStore } from "./index-store";
import { runSearch } from "./index-query";
import { applyChange } from "./index-apply";
import { exclusionsOf, rollUpTotals, walkBelow, type WalkExclusions } from "./index-walker";
import type { FileIndex, FolderTotals, FsChange, IndexEntry, SearchHit, SearchRequest } from "./types";

/** Entries written per transaction and per slice of the event loop during a walk (measured: ~10 ms a slice). */
const WALK_BATCH = 4000;

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
}

/** The default index file: beside the main database, or in the folder `indexLocation` names. */
export function indexFileOf(databaseFile: string, indexLocation: string): string {
  const dir = indexLocation.trim() ? posix.resolve(posix.dirname(databaseFile), indexLocation.trim()) : posix.dirname(posix.resolve(databaseFile));
  return join(dir, "fbe-index.db");
}

/** The live index: see the module note. Construct with openFileIndex. */
export class SqliteFileIndex implements FileIndex {
  readonly store: IndexStore;
  private ready = false;
  private gen: number;
  private walking: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private readonly ex: WalkExclusions;

  constructor(private readonly opts: FileIndexOptions) {
    this.store = new IndexStore(opts.file, opts.fromScratch);
    this.gen = Number(this.store.meta("generation") ?? "0");
    this.ex = exclusionsOf(opts.excludeDirs);
  }

  readonly state = (): "building" | "ready" => (this.ready ? "ready" : "building");

  /** Starts the first walk and the refresh timer; the promise resolves when the first walk is done. */
  start(): Promise<void> {
    const first = this.refresh();
    if (this.opts.intervalMinutes > 0) {
      this.timer = setInterval(() => void this.refresh(), this.opts.intervalMinutes * 60_000);
      this.timer.unref?.();
    }
    return first;
  }

  search(req: SearchRequest): SearchHit[] {
    return runSearch(this.store.db, req);
  }

  folderTotals(path: string): FolderTotals | null {
    return this.ready ? this.store.totals(path) : null;
  }

  apply(change: FsChange): void {
    if (this.closed) return;
    applyChange(this.store, this.opts.rootAbs, this.ex, this.gen, change);
  }

  refresh(fromScratch = false): Promise<void> {
    if (this.walking) return this.walking;
    this.walking = this.walk(fromScratch)
      .catch((err) => this.opts.onError?.(err))
      .finally(() => {
        this.walking = null;
      });
    return this.walking;
  }

  /** One walk of the whole root: upserts in batches with a new generation, then removes the vanished entries. */
  private async walk(fromScratch: boolean): Promise<void> {
    if (fromScratch) this.store.reset();
    const gen = ++this.gen;
    this.store.setMeta("generation", String(gen));
    const direct = new Map<string, { size: number; numFiles: number; numDirs: number }>();
    const it = walkBelow(this.opts.rootAbs, "/", this.ex, direct);
    const writeBatch = this.store.db.transaction((batch: IndexEntry[]) => {
      for (const e of batch) this.store.upsert(e, gen);
    });
    try {
      for (;;) {
        if (this.closed) return;
        const batch: IndexEntry[] = [];
        let done = false;
        while (batch.length < WALK_BATCH) {
          const r = it.next();
          if (r.done) {
            done = true;
            break;
          }
          batch.push(r.value);
        }
        writeBatch(batch);
        if (done) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      it.return(undefined);
    }
    if (this.closed) return;
    this.store.db.transaction(() => this.store.removeOlderThan(gen))();
    this.store.setTotals(rollUpTotals(direct), true);
    this.store.setMeta("builtAt", String(Date.now()));
    this.ready = true;
  }

  /** Entries, last build time (ms) and whether a walk runs now: the index status of the settings screen. */
  status(): { entries: number; builtAt: number | null; building: boolean } {
    const n = (this.store.db.prepare("SELECT count(*) AS n FROM entries").get() as { n: number }).n;
    const at = this.store.meta("builtAt");
    return { entries: n, builtAt: at ? Number(at) : null, building: this.walking !== null };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.store.close();
  }
}
