/**
 * @module Reads the live index snapshot: folder paths (in memory), blocks decoded on demand, posting lists of
 * trigrams and exact-name buckets. Yields ranked hits of a MatchPlan (exact names first, then blocks in ranking
 * order) and looks single entries up for the folder totals of changes.
 */
import type { Database, Statement } from "bun:sqlite";
import { decodeBlock, decodePosting, foldName, intersect, nameBucket, type Block } from "./snapshot-codec";
import { hasSnapshot } from "./snapshot-tables";
import { entryMatches, type MatchPlan, type RankedHit } from "./search-plan";

/** Most trigrams of one term looked up (the rest is checked on the decoded names). */
const MAX_TRIGRAMS = 6;

/** The trigrams of a term to look up: all of them, or MAX_TRIGRAMS spread over it (first, last, between). */
function lookupGrams(term: string): string[] {
  const cps = Array.from(term);
  const all = new Set<string>();
  for (let i = 0; i + 3 <= cps.length; i++) all.add(cps[i]! + cps[i + 1]! + cps[i + 2]!);
  const list = [...all];
  if (list.length <= MAX_TRIGRAMS) return list;
  return Array.from(
    { length: MAX_TRIGRAMS },
    (_, k) => list[Math.round((k * (list.length - 1)) / (MAX_TRIGRAMS - 1))]!,
  );
}

/** The live snapshot; call reload() after the tables are replaced. */
export class SnapshotReader {
  private dirPaths: string[] = [];
  private dirIndex = new Map<string, number>();
  private blocks = 0;
  private stmts: { block: Statement; gram: Statement; exact: Statement } | null = null;

  constructor(private readonly db: Database) {
    this.reload();
  }

  /** Re-reads the folder list and prepares the statements (none when there is no snapshot yet). */
  reload(): void {
    this.stmts?.block.finalize();
    this.stmts?.gram.finalize();
    this.stmts?.exact.finalize();
    this.stmts = null;
    this.dirPaths = [];
    this.dirIndex = new Map();
    this.blocks = 0;
    if (!hasSnapshot(this.db)) return;
    for (const r of this.db.prepare("SELECT id, path FROM snap_dirs ORDER BY id").iterate() as IterableIterator<{
      id: number;
      path: string;
    }>) {
      this.dirPaths[r.id] = r.path;
      this.dirIndex.set(r.path, r.id);
    }
    this.blocks = (this.db.prepare("SELECT count(*) AS n FROM snap_blocks").get() as { n: number }).n;
    this.stmts = {
      block: this.db.prepare("SELECT data FROM snap_blocks WHERE id = ?"),
      gram: this.db.prepare("SELECT list FROM snap_grams WHERE gram = ?"),
      exact: this.db.prepare("SELECT list FROM snap_exact WHERE bucket = ?"),
    };
  }

  private block(id: number): Block {
    return decodeBlock((this.stmts!.block.get(id) as { data: Uint8Array }).data);
  }

  private list(stmt: Statement, key: string | number): Uint32Array {
    const r = stmt.get(key) as { list: Uint8Array } | null;
    return r ? decodePosting(r.list) : new Uint32Array(0);
  }

  private pathOf(b: Block, k: number): string {
    const d = this.dirPaths[b.dirIds[k]!]!;
    return d === "/" ? `/${b.names[k]}` : `${d}/${b.names[k]}`;
  }

  /** Blocks that can hold a hit: the intersection of the terms' trigram lists, or every block (null). */
  private candidates(plan: MatchPlan): Uint32Array | null {
    const lists: Uint32Array[] = [];
    for (const t of plan.names) for (const g of lookupGrams(t)) lists.push(this.list(this.stmts!.gram, g));
    return lists.length > 0 ? intersect(lists) : null;
  }

  /**
   * Ranked hits of `plan` (exact name matches first, then ranking order), skipping paths `dead` refuses (removed
   * or replaced since the snapshot was built).
   */
  *hits(plan: MatchPlan, dead: (path: string) => boolean): Generator<RankedHit> {
    if (!this.stmts) return;
    const cand = this.candidates(plan);
    const all = (i: number) => (cand ? cand[i]! : i);
    const count = cand ? cand.length : this.blocks;
    if (plan.exact.size > 0) {
      const inCand = cand ? new Set(cand) : null;
      const ids = new Set<number>();
      for (const t of plan.exact)
        for (const id of this.list(this.stmts.exact, nameBucket(t))) if (!inCand || inCand.has(id)) ids.add(id);
      for (const id of [...ids].sort((a, b) => a - b)) yield* this.scan(id, plan, dead, true);
    }
    for (let i = 0; i < count; i++) yield* this.scan(all(i), plan, dead, false);
  }

  /** The hits of one block: only exact ones when `exact`, else only the others. */
  private *scan(id: number, plan: MatchPlan, dead: (path: string) => boolean, exact: boolean): Generator<RankedHit> {
    const b = this.block(id);
    for (const t of plan.names) if (!b.folded.includes(t)) return;
    const folded = b.folded.split("/");
    for (let k = 0; k < folded.length; k++) {
      if (plan.exact.has(folded[k]!) !== exact) continue;
      const path = this.pathOf(b, k);
      if (!entryMatches(plan, folded[k]!, path, b.types[k]!) || dead(path)) continue;
      yield { path, isDir: b.types[k] === 0, exact };
    }
  }

  /** The kind and size (bytes) of `path` in the snapshot, null when absent. */
  lookup(path: string): { isDir: boolean; size: number } | null {
    if (!this.stmts || path === "/") return null;
    if (this.dirIndex.has(path)) return { isDir: true, size: 0 };
    const cut = path.lastIndexOf("/");
    const dir = this.dirIndex.get(path.slice(0, cut) || "/");
    if (dir === undefined) return null;
    const name = path.slice(cut + 1);
    for (const id of this.list(this.stmts.exact, nameBucket(foldName(name)))) {
      const b = this.block(id);
      for (let k = 0; k < b.names.length; k++) {
        if (b.dirIds[k] === dir && b.names[k] === name) return { isDir: b.types[k] === 0, size: b.sizes[k]! };
      }
    }
    return null;
  }

  /** Entries in the snapshot's blocks (an upper bound of the live ones: removals are filtered at query time). */
  get blockCount(): number {
    return this.blocks;
  }
}
