/**
 * @module The index as two layers: the snapshot of the last walk (compact, read-only) and the recent changes since
 * (entries and tombstones in IndexStore). A write puts the entry in the recent layer and a tombstone on its path, so
 * the snapshot's older copy is hidden; a removal drops the recent rows below the path and leaves a tombstone. Search
 * merges both layers' ranked hits. The methods mirror IndexStore's so the change code reads the same.
 */
import type { Database } from "bun:sqlite";
import type { IndexStore } from "./index-store";
import { recentHits } from "./index-query";
import { SnapshotReader } from "./snapshot-reader";
import { compareHits, planOf, type RankedHit } from "./search-plan";
import type { FolderTotals, IndexEntry, SearchHit, SearchRequest } from "./types";

/** The layered index; `seq` numbers every change so a newer snapshot knows which changes it already holds. */
export class LayeredStore {
  readonly db: Database;
  readonly snapshot: SnapshotReader;
  private deadPaths = new Set<string>();
  seq: number;

  constructor(readonly recent: IndexStore) {
    this.db = recent.db;
    this.snapshot = new SnapshotReader(this.db);
    this.seq = recent.lastSeq();
    this.reloadTombs();
  }

  /** Re-reads the tombstones (after a snapshot replaced the older ones). */
  reloadTombs(): void {
    this.deadPaths = new Set(this.recent.tombs());
  }

  /** True when the snapshot's copy of `path` is hidden by a tombstone on it or on a folder above it. */
  readonly dead = (path: string): boolean => {
    if (this.deadPaths.size === 0) return false;
    for (let p = path; p.length > 1; p = p.slice(0, p.lastIndexOf("/")) || "/") if (this.deadPaths.has(p)) return true;
    return false;
  };

  private bury(path: string): void {
    this.recent.tomb(path, this.seq);
    this.deadPaths.add(path);
  }

  /** Writes an entry into the recent layer with the next change number. */
  upsert(e: IndexEntry): void {
    this.seq++;
    this.recent.upsert(e, this.seq);
    this.bury(e.path);
  }

  /** The kind and size of `path`: the recent layer first, then the snapshot unless buried; null when absent. */
  entry(path: string): { isDir: boolean; size: number } | null {
    return this.recent.entry(path) ?? (this.dead(path) ? null : this.snapshot.lookup(path));
  }

  /** Removes `path` and everything below it from both layers (totals included). */
  removeTree(path: string): void {
    this.seq++;
    this.recent.removeTree(path);
    this.bury(path);
  }

  totals(path: string): FolderTotals | null {
    return this.recent.totals(path);
  }

  setTotals(map: ReadonlyMap<string, FolderTotals>, replaceAll: boolean): void {
    this.recent.setTotals(map, replaceAll);
  }

  addToAncestors(path: string, d: FolderTotals): void {
    this.recent.addToAncestors(path, d);
  }

  /** Ranked hits of both layers, merged; isVisible applied before `offset` and `limit` count. */
  search(req: SearchRequest): SearchHit[] {
    const plan = planOf(req);
    const out: SearchHit[] = [];
    if (!plan || req.limit <= 0) return out;
    const a = this.snapshot.hits(plan, this.dead);
    const b = recentHits(this.db, req);
    let skip = req.offset;
    try {
      let x = a.next();
      let y = b.next();
      while (!x.done || !y.done) {
        let hit: RankedHit;
        if (y.done || (!x.done && compareHits(x.value, y.value) <= 0)) {
          hit = x.value as RankedHit;
          x = a.next();
        } else {
          hit = y.value;
          y = b.next();
        }
        if (!req.isVisible(hit.path)) continue;
        if (skip > 0) {
          skip--;
          continue;
        }
        out.push({ path: hit.path, isDir: hit.isDir });
        if (out.length >= req.limit) break;
      }
    } finally {
      a.return(undefined);
      b.return(undefined);
    }
    return out;
  }
}
