/**
 * @module Builds an index snapshot from a walk: entries are gathered in columns, ordered by ranking (shorter paths
 * first, then by path), cut into blocks of BLOCK_SIZE, and written with one posting list per trigram and per
 * exact-name bucket into the `*_next` tables (see snapshot-tables.ts). The event loop gets a turn between slices.
 */
import type { Database } from "bun:sqlite";
import { encodeBlock, foldName, nameBucket, PostingBuilder, trigramsOf, TYPE_CODES } from "./snapshot-codec";
import { createSnapshotTables } from "./snapshot-tables";
import type { IndexEntry } from "./types";

/** Entries per block: a query decodes whole blocks (measured: 128 decode in ~10 µs). */
export const BLOCK_SIZE = 128;
/** Entries taken from the walk per slice of the event loop. */
const WALK_SLICE = 4000;
/** Blocks encoded and written per slice and per transaction. */
const BLOCK_SLICE = 64;
/** Posting lists written per slice and per transaction. */
const LIST_SLICE = 4096;

const TYPE_INDEX = new Map(TYPE_CODES.map((t, i) => [t, i]));
const turn = () => new Promise((resolve) => setImmediate(resolve));
/**
 * Gives the event loop a turn after a full garbage collection: the short-lived strings of a slice live outside the
 * counted heap, so without it they pile up (measured on 1M names: peak RSS 480 MB, with it 265 MB).
 */
async function pause(): Promise<void> {
  Bun.gc(true);
  await turn();
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/**
 * Growable columns of the walked entries. Names are kept as UTF-8 in one buffer: a million short JS strings cost
 * ~140 bytes each in memory (measured), the buffer ~20.
 */
class Columns {
  n = 0;
  dir = new Uint32Array(1024);
  size = new Float64Array(1024);
  mtime = new Float64Array(1024);
  type = new Uint8Array(1024);
  /** End offset of each name in `text`, and its length in UTF-16 units (the ranking counts those). */
  end = new Float64Array(1024);
  len = new Uint32Array(1024);
  private text = new Uint8Array(1 << 16);
  private used = 0;

  push(dir: number, e: IndexEntry): void {
    if (this.n === this.dir.length) {
      const grow = <T extends Uint32Array | Float64Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.dir = grow(this.dir);
      this.size = grow(this.size);
      this.mtime = grow(this.mtime);
      this.type = grow(this.type);
      this.end = grow(this.end);
      this.len = grow(this.len);
    }
    if (this.used + e.name.length * 3 > this.text.length) {
      const next = new Uint8Array(Math.max(this.text.length * 2, this.used + e.name.length * 3));
      next.set(this.text.subarray(0, this.used));
      this.text = next;
    }
    this.used += utf8.encodeInto(e.name, this.text.subarray(this.used)).written;
    this.dir[this.n] = dir;
    this.size[this.n] = e.size;
    this.mtime[this.n] = e.mtimeMs;
    this.type[this.n] = e.isDir ? 0 : (TYPE_INDEX.get(e.type) ?? TYPE_INDEX.get("blob")!);
    this.end[this.n] = this.used;
    this.len[this.n] = e.name.length;
    this.n++;
  }

  /** Compares the names of entries `x` and `y` as UTF-8 bytes (code point order). */
  compareNames(x: number, y: number): number {
    const t = this.text;
    let i = x === 0 ? 0 : this.end[x - 1]!;
    let j = y === 0 ? 0 : this.end[y - 1]!;
    const ei = this.end[x]!;
    const ej = this.end[y]!;
    for (; i < ei && j < ej; i++, j++) if (t[i] !== t[j]) return t[i]! - t[j]!;
    return ei - i - (ej - j);
  }

  /** The name of entry `i`. */
  name(i: number): string {
    return fromUtf8.decode(this.text.subarray(i === 0 ? 0 : this.end[i - 1]!, this.end[i]!));
  }
}

/** What a finished build reports. */
export interface SnapshotBuilt {
  entries: number;
  blocks: number;
}

/**
 * Consumes `walk` (entries below "/", parents before their children) and writes the snapshot into the `*_next`
 * tables of `db`. Resolves with the counts; rejects when `cancelled()` turns true (the next tables are then stale
 * and are dropped by the next build).
 */
export async function buildSnapshot(
  db: Database,
  walk: Iterator<IndexEntry>,
  cancelled: () => boolean,
): Promise<SnapshotBuilt> {
  const dirIndex = new Map<string, number>([["/", 0]]);
  const dirPaths: string[] = ["/"];
  const cols = new Columns();
  for (let done = false; !done; ) {
    for (let k = 0; k < WALK_SLICE; k++) {
      const r = walk.next();
      if (r.done) {
        done = true;
        break;
      }
      const e = r.value;
      const parent = e.path.slice(0, e.path.lastIndexOf("/")) || "/";
      const dir = dirIndex.get(parent);
      if (dir === undefined) continue;
      cols.push(dir, e);
      if (e.isDir) {
        dirIndex.set(e.path, dirPaths.length);
        dirPaths.push(e.path);
      }
    }
    await pause();
    if (cancelled()) throw new Error("index build cancelled");
  }
  // Folder ids in path order, so a subtree is one range of ids.
  const byPath = dirPaths.map((_, i) => i).sort((a, b) => (dirPaths[a]! < dirPaths[b]! ? -1 : 1));
  const rank = new Uint32Array(dirPaths.length);
  byPath.forEach((old, i) => (rank[old] = i));
  const order = await rankOrder(cols, dirPaths);
  if (cancelled()) throw new Error("index build cancelled");
  createSnapshotTables(db, "_next");
  const putDir = db.prepare("INSERT INTO snap_dirs_next (id, path) VALUES (?, ?)");
  db.transaction(() => byPath.forEach((old, i) => putDir.run(i, dirPaths[old]!)))();
  const blocks = Math.ceil(cols.n / BLOCK_SIZE);
  const grams = new Map<string, PostingBuilder>();
  const exact = new Map<number, PostingBuilder>();
  const putBlock = db.prepare("INSERT INTO snap_blocks_next (id, data) VALUES (?, ?)");
  for (let b0 = 0; b0 < blocks; b0 += BLOCK_SLICE) {
    db.transaction(() => {
      for (let b = b0; b < Math.min(blocks, b0 + BLOCK_SLICE); b++) {
        putBlock.run(b, encodeOne(cols, order, rank, b, grams, exact));
      }
    })();
    await pause();
    if (cancelled()) throw new Error("index build cancelled");
  }
  const putGram = db.prepare("INSERT INTO snap_grams_next (gram, list) VALUES (?, ?)");
  const putExact = db.prepare("INSERT INTO snap_exact_next (bucket, list) VALUES (?, ?)");
  const lists: Array<[string | number, PostingBuilder]> = [...grams, ...exact];
  for (let i = 0; i < lists.length; i += LIST_SLICE) {
    db.transaction(() => {
      for (const [key, p] of lists.slice(i, i + LIST_SLICE))
        (typeof key === "string" ? putGram : putExact).run(key, p.finish(blocks));
    })();
    await pause();
    if (cancelled()) throw new Error("index build cancelled");
  }
  return { entries: cols.n, blocks };
}

/** Encodes block `b` of `order` and adds it to the posting lists of its trigrams and exact-name buckets. */
function encodeOne(
  cols: Columns,
  order: Uint32Array,
  rank: Uint32Array,
  b: number,
  grams: Map<string, PostingBuilder>,
  exact: Map<number, PostingBuilder>,
): Uint8Array {
  const from = b * BLOCK_SIZE;
  const n = Math.min(BLOCK_SIZE, cols.n - from);
  const input = {
    dirIds: new Uint32Array(n),
    types: new Uint8Array(n),
    sizes: new Float64Array(n),
    mtimes: new Float64Array(n),
    names: [] as string[],
  };
  const seen = new Set<string>();
  for (let k = 0; k < n; k++) {
    const i = order[from + k]!;
    input.dirIds[k] = rank[cols.dir[i]!]!;
    input.types[k] = cols.type[i]!;
    input.sizes[k] = cols.size[i]!;
    input.mtimes[k] = cols.mtime[i]!;
    const name = cols.name(i);
    input.names.push(name);
    const folded = foldName(name);
    trigramsOf(folded, seen);
    const bucket = nameBucket(folded);
    let p = exact.get(bucket);
    if (!p) exact.set(bucket, (p = new PostingBuilder()));
    p.add(b);
  }
  for (const g of seen) {
    let p = grams.get(g);
    if (!p) grams.set(g, (p = new PostingBuilder()));
    p.add(b);
  }
  return encodeBlock(input);
}

/** Entry numbers in ranking order: by path length (UTF-16 units), then by path; sorted one length at a time. */
async function rankOrder(cols: Columns, dirPaths: string[]): Promise<Uint32Array> {
  const len = new Uint32Array(cols.n);
  let maxLen = 0;
  for (let i = 0; i < cols.n; i++) {
    const d = dirPaths[cols.dir[i]!]!;
    len[i] = (d === "/" ? 0 : d.length) + 1 + cols.len[i]!;
    if (len[i]! > maxLen) maxLen = len[i]!;
  }
  const start = new Uint32Array(maxLen + 2);
  for (let i = 0; i < cols.n; i++) start[len[i]! + 1]!++;
  for (let l = 1; l < start.length; l++) start[l]! += start[l - 1]!;
  const order = new Uint32Array(cols.n);
  const fill = start.slice();
  for (let i = 0; i < cols.n; i++) order[fill[len[i]!]!++] = i;
  // Within one length by path: entries of unrelated folders compare as their "folder/" keys, of one folder by name
  // (UTF-8 bytes, code point order); when one folder is below the other the strings are compared.
  const keys = dirPaths.map((p, i) => ({ i, key: p === "/" ? "/" : `${p}/` })).sort((x, y) => (x.key < y.key ? -1 : 1));
  const slashRank = new Uint32Array(dirPaths.length);
  keys.forEach((d, r) => (slashRank[d.i] = r));
  // Folders below a folder follow it in that order: subtreeEnd[r] is the first rank past its subtree.
  const subtreeEnd = new Uint32Array(keys.length);
  const open: number[] = [];
  keys.forEach((d, r) => {
    while (open.length > 0 && !d.key.startsWith(keys[open.at(-1)!]!.key)) subtreeEnd[open.pop()!] = r;
    open.push(r);
  });
  for (const r of open) subtreeEnd[r] = keys.length;
  const fullPath = (i: number) => `${keys[slashRank[cols.dir[i]!]!]!.key}${cols.name(i)}`;
  const byPlace = (x: number, y: number) => {
    const rx = slashRank[cols.dir[x]!]!;
    const ry = slashRank[cols.dir[y]!]!;
    if (rx === ry) return cols.compareNames(x, y);
    if ((rx < ry && ry < subtreeEnd[rx]!) || (ry < rx && rx < subtreeEnd[ry]!))
      return fullPath(x) < fullPath(y) ? -1 : 1;
    return rx - ry;
  };
  let sortedSinceTurn = 0;
  for (let l = 0; l <= maxLen; l++) {
    const a = start[l]!;
    const b = start[l + 1]!;
    if (b - a < 2) continue;
    order.subarray(a, b).sort(byPlace);
    sortedSinceTurn += b - a;
    if (sortedSinceTurn > 50_000) {
      sortedSinceTurn = 0;
      await pause();
    }
  }
  return order;
}
