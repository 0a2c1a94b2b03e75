/**
 * @module Byte formats of the index snapshot: LEB128 varints, blocks of entries (columns, then zstd, RFC 8878)
 * and posting lists of block numbers (delta varints, or a bitmap when that is smaller). Names are folded (NFC, lower
 * case) for matching; trigrams are three consecutive code points of a folded name, as FTS5's trigram tokenizer cuts.
 */
import type { FileType } from "../../shared/wire/resource";

/** Type codes of a block's flag column: 0 is a folder, the others a FileType. */
export const TYPE_CODES: readonly (FileType | "")[] = [
  "",
  "video",
  "audio",
  "image",
  "text",
  "textImmutable",
  "document",
  "archive",
  "font",
  "blob",
];

/** A growable byte buffer with varint writes. */
export class ByteWriter {
  buf: Uint8Array<ArrayBuffer> = new Uint8Array(256);
  len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Writes a non-negative integer below 2^53 as an unsigned LEB128 varint. */
  varint(v: number): void {
    this.room(8);
    while (v >= 0x80) {
      this.buf[this.len++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.len++] = v;
  }

  /** Writes raw bytes. */
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /** The bytes written so far (a view, not a copy). */
  view(): Uint8Array<ArrayBuffer> {
    return this.buf.subarray(0, this.len);
  }
}

/** Reads varints from `buf` starting at `pos`. */
export class ByteReader {
  constructor(
    readonly buf: Uint8Array,
    public pos = 0,
  ) {}

  /** Reads one unsigned LEB128 varint. */
  varint(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = this.buf[this.pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 0x80;
    }
  }
}

const zig = (v: number) => (v < 0 ? -2 * v - 1 : 2 * v);
const unzig = (v: number) => (v % 2 === 1 ? -(v + 1) / 2 : v / 2);

/** Folded form of a name for matching: NFC (macOS writes NFD) and lower case. */
export function foldName(s: string): string {
  return s.normalize("NFC").toLowerCase();
}

/** One decoded block: parallel columns of its entries, in ranking order. */
export interface Block {
  readonly dirIds: Uint32Array;
  /** TYPE_CODES index per entry (0: folder). */
  readonly types: Uint8Array;
  /** Bytes. */
  readonly sizes: Float64Array;
  /** Modification times, ms since the epoch. */
  readonly mtimes: Float64Array;
  readonly names: string[];
  /** Folded names joined by "/" (a name never holds "/"), for one indexOf per term. */
  readonly folded: string;
}

/** Entries to encode into one block (same shape as Block without `folded`). */
export type BlockInput = Omit<Block, "folded">;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Encodes a block: varint count, dir ids (zigzag deltas), type codes, sizes, mtimes (zigzag deltas), names; zstd. */
export function encodeBlock(b: BlockInput): Uint8Array {
  const w = new ByteWriter();
  const n = b.names.length;
  w.varint(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    w.varint(zig(b.dirIds[i]! - prev));
    prev = b.dirIds[i]!;
  }
  w.bytes(b.types.subarray(0, n));
  for (let i = 0; i < n; i++) w.varint(b.sizes[i]!);
  prev = 0;
  for (let i = 0; i < n; i++) {
    w.varint(zig(b.mtimes[i]! - prev));
    prev = b.mtimes[i]!;
  }
  w.bytes(utf8.encode(b.names.join("/")));
  return Bun.zstdCompressSync(w.view(), { level: 3 });
}

/** Decodes a block written by encodeBlock. */
export function decodeBlock(data: Uint8Array): Block {
  const r = new ByteReader(Bun.zstdDecompressSync(data as Uint8Array<ArrayBuffer>));
  const n = r.varint();
  const dirIds = new Uint32Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) dirIds[i] = prev += unzig(r.varint());
  const types = r.buf.slice(r.pos, r.pos + n);
  r.pos += n;
  const sizes = new Float64Array(n);
  for (let i = 0; i < n; i++) sizes[i] = r.varint();
  const mtimes = new Float64Array(n);
  prev = 0;
  for (let i = 0; i < n; i++) mtimes[i] = prev += unzig(r.varint());
  const joined = fromUtf8.decode(r.buf.subarray(r.pos));
  return { dirIds, types, sizes, mtimes, names: n === 0 ? [] : joined.split("/"), folded: foldName(joined) };
}

/** The distinct trigrams of a folded name (none when shorter than three code points). */
export function trigramsOf(folded: string, into: Set<string>): void {
  const cps = Array.from(folded);
  for (let i = 0; i + 3 <= cps.length; i++) into.add(cps[i]! + cps[i + 1]! + cps[i + 2]!);
}

/** Buckets of the exact-name lists (a folded name hashes to one: FNV-1a over UTF-16 units). */
export const NAME_BUCKETS = 1 << 15;

/** The exact-name bucket of a folded name. */
export function nameBucket(folded: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < folded.length; i++) h = Math.imul(h ^ folded.charCodeAt(i), 0x01000193);
  return (h >>> 0) % NAME_BUCKETS;
}

/** Collects an ascending list of block numbers, each added once, as delta varints. */
export class PostingBuilder {
  private readonly w = new ByteWriter();
  private last = -1;
  count = 0;

  /** Adds block `id` (ascending; a repeat of the last id is ignored). */
  add(id: number): void {
    if (id === this.last) return;
    this.w.varint(id - this.last - 1);
    this.last = id;
    this.count++;
  }

  /**
   * The stored list over `blocks` blocks: byte 0 is the form (0 delta varints, 1 bitmap), then the count as a
   * varint, then the deltas or the bitmap (bit i of byte i>>3 set when block i is in the list).
   */
  finish(blocks: number): Uint8Array {
    const head = new ByteWriter();
    const bitmapBytes = Math.ceil(blocks / 8);
    const deltas = this.w.view();
    if (bitmapBytes < deltas.length) {
      head.bytes(new Uint8Array([1]));
      head.varint(this.count);
      const bits = new Uint8Array(bitmapBytes);
      const r = new ByteReader(deltas);
      let id = -1;
      while (r.pos < deltas.length) {
        id += r.varint() + 1;
        bits[id >> 3]! |= 1 << (id & 7);
      }
      head.bytes(bits);
    } else {
      head.bytes(new Uint8Array([0]));
      head.varint(this.count);
      head.bytes(deltas);
    }
    return head.view().slice();
  }
}

/** Decodes a stored posting list into ascending block numbers. */
export function decodePosting(data: Uint8Array): Uint32Array {
  const r = new ByteReader(data, 1);
  const count = r.varint();
  const out = new Uint32Array(count);
  if (data[0] === 1) {
    let k = 0;
    for (let byte = r.pos; byte < data.length && k < count; byte++) {
      const v = data[byte]!;
      if (v === 0) continue;
      const base = (byte - r.pos) * 8;
      for (let bit = 0; bit < 8; bit++) if (v & (1 << bit)) out[k++] = base + bit;
    }
    return out;
  }
  let id = -1;
  for (let k = 0; k < count; k++) out[k] = id += r.varint() + 1;
  return out;
}

/** The ascending block numbers in every list (lists ascending; the shortest drives the walk). */
export function intersect(lists: Uint32Array[]): Uint32Array {
  if (lists.length === 0) return new Uint32Array(0);
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let cur = sorted[0]!;
  for (let l = 1; l < sorted.length && cur.length > 0; l++) {
    const other = sorted[l]!;
    const next = new Uint32Array(cur.length);
    let n = 0;
    let j = 0;
    for (let i = 0; i < cur.length; i++) {
      const v = cur[i]!;
      while (j < other.length && other[j]! < v) j++;
      if (j < other.length && other[j] === v) next[n++] = v;
    }
    cur = next.subarray(0, n);
  }
  return cur;
}
