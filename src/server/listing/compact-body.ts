/**
 * @module The JSON body of a folder listing written byte by byte from a CompactFolder (in the folder worker): the
 * same bytes as listing-body.ts itemJson over visibleItems for a folder without links and a user without rules
 * (the only bodies it is asked for).
 */
import { extensionOf, typeFromName } from "../fs/file-type";
import { IS_DIR, IS_SYMLINK, NEEDS_ESCAPE, type CompactFolder } from "../fs/listing-cache/compact";
import { orderOf } from "../fs/listing-cache/natural-key";
import { modeStringOf } from "../presenters/mode-string";
import type { Sorting } from "../users/types";

/** What a body is built for (one user's view of one folder). */
export interface CompactBodyRequest {
  /** The start of the body: the folder's own presented JSON without its closing brace, then `,"items":[`. */
  prefix: string;
  /** Virtual path of the folder without a trailing slash ("" for the scope root). */
  base: string;
  showHidden: boolean;
  canModify: boolean;
  sorting: Sorting;
  /** Index totals of the subfolders by entry index (NaN: unknown); other entries are ignored. */
  dirSizes: Float64Array;
}

const enc = new TextEncoder();
const ascii = (s: string) => enc.encode(s);
const P_NAME = ascii('{"name":"'), P_PATH = ascii('","path":"'), P_URL = ascii('","url":"/files'), P_SIZE = ascii('","size":');
const P_MODIFIED = ascii(',"modified":"'), P_MODE = ascii('","mode":');
const P_KNOWN = [ascii(',"sizeKnown":false}'), ascii(',"sizeKnown":true}')];
const EMPTY_KIND = ascii('"","extension":""');
const CLOSE = ascii("}");

/** Copies `src` into `buf` at `at`; returns the position after it. */
function put(buf: Uint8Array, at: number, src: Uint8Array): number {
  const n = src.length;
  if (n > 32) buf.set(src, at);
  else for (let k = 0; k < n; k++) buf[at + k] = src[k];
  return at + n;
}

/** Copies `src[from..to)` into `buf` at `at`; returns the position after it. */
function putRange(buf: Uint8Array, at: number, src: Uint8Array, from: number, to: number): number {
  for (let k = from; k < to; k++) buf[at++] = src[k];
  return at;
}

/** `n` in decimal as JSON.stringify writes it (a non-negative safe integer written digit by digit). */
function putNumber(buf: Uint8Array, at: number, n: number): number {
  if (!(n >= 0 && Number.isSafeInteger(n))) return at + enc.encodeInto(JSON.stringify(n), buf.subarray(at)).written;
  let len = 1;
  for (let v = n; v >= 10; v = Math.floor(v / 10)) len++;
  for (let k = len - 1, v = n; k >= 0; k--, v = Math.floor(v / 10)) buf[at + k] = 48 + (v % 10);
  return at + len;
}

function pad(buf: Uint8Array, at: number, n: number, width: number): number {
  for (let k = width - 1, v = n; k >= 0; k--, v = Math.floor(v / 10)) buf[at + k] = 48 + (v % 10);
  return at + width;
}

/** Date.prototype.toISOString of `ms` written at `at` (days before 1970 or after 9999 through Date itself). */
function putIso(buf: Uint8Array, at: number, ms: number, days: Map<number, Uint8Array>): number {
  const t = Math.trunc(ms);
  if (!(t >= 0 && t < 253402300800000)) return at + enc.encodeInto(new Date(ms).toISOString(), buf.subarray(at)).written;
  const day = Math.floor(t / 86_400_000);
  let date = days.get(day);
  if (!date) days.set(day, (date = ascii(new Date(day * 86_400_000).toISOString().slice(0, 11))));
  at = put(buf, at, date);
  let rest = t - day * 86_400_000;
  at = pad(buf, at, Math.floor(rest / 3_600_000), 2);
  rest %= 3_600_000;
  buf[at++] = 58;
  at = pad(buf, at, Math.floor(rest / 60_000), 2);
  rest %= 60_000;
  buf[at++] = 58;
  at = pad(buf, at, Math.floor(rest / 1000), 2);
  buf[at++] = 46;
  at = pad(buf, at, rest % 1000, 3);
  buf[at++] = 90;
  return at;
}

/** A JSON string's content (without its quotes) as JSON.stringify writes it. */
const escaped = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * The entries of `c` that `req`'s user sees, in the order of their sorting. `nameOrder`: every entry in natural
 * ascending name order when already known (the read computes it).
 */
export function bodyOrder(c: CompactFolder, nameOf: (i: number) => string, req: CompactBodyRequest, nameOrder?: Uint32Array): Uint32Array {
  const shown = (i: number) => req.showHidden || c.names[i === 0 ? 0 : c.nameEnds[i - 1]] !== 46;
  if (nameOrder && nameOrder.length === c.count && req.sorting.by === "name" && req.sorting.asc) return nameOrder.filter(shown);
  const visible: number[] = [];
  for (let i = 0; i < c.count; i++) if (shown(i)) visible.push(i);
  const known = (i: number) => (c.flags[i] & IS_DIR) === 0 || !Number.isNaN(req.dirSizes[i]);
  const sizeKey = (i: number) => (known(i) ? sizeOf(c, req, i) : 0);
  return Uint32Array.from(orderOf(visible, { nameOf, sizeKey, mtime: (i) => c.mtime[i], mode: (i) => c.mode[i] }, req.sorting));
}

/** The size an item shows: a subfolder's index total when known, else the stat size. */
function sizeOf(c: CompactFolder, req: CompactBodyRequest, i: number): number {
  return (c.flags[i] & IS_DIR) === 0 || Number.isNaN(req.dirSizes[i]) ? c.size[i] : req.dirSizes[i];
}

/** The bytes around the items of a body listing `order`: the prefix, and the counts and sorting after them. */
export function bodyEnds(c: CompactFolder, req: CompactBodyRequest, order: Uint32Array): { head: Uint8Array; tail: Uint8Array } {
  let numDirs = 0;
  for (const i of order) if (c.flags[i] & IS_DIR) numDirs++;
  return { head: ascii(req.prefix), tail: ascii(`],"numDirs":${numDirs},"numFiles":${order.length - numDirs},"sorting":${JSON.stringify(req.sorting)}}`) };
}

/** Bytes being written: a buffer (grown by copying when full) and the length written. */
export interface Piece {
  buf: Uint8Array;
  at: number;
}

/** A buffer sized for `items` items of `c` for `req` (pages never written take no memory), with `head` in it. */
export function startPiece(c: CompactFolder, req: CompactBodyRequest, items: number, head: Uint8Array): Piece {
  const avgName = c.count ? c.names.length / c.count : 0;
  const buf = new Uint8Array(head.length + Math.ceil(items * (250 + 2 * req.base.length + 3 * avgName)) + 1024);
  buf.set(head);
  return { buf, at: head.length };
}

/**
 * Appends the JSON of the items order[from..to) to `piece`, comma-separated (`comma`: one before the first too).
 * Returns `piece`.
 */
export function writeItems(c: CompactFolder, nameOf: (i: number) => string, req: CompactBodyRequest, order: Uint32Array, from: number, to: number, piece: Piece, comma = false): Piece {
  const base = ascii(escaped(req.base));
  // Bytes of one item besides its name (three times) and base (twice): keys, numbers, date, mode, type, extension.
  const fixed = 400 + 2 * base.length;
  let { buf, at } = piece;
  const days = new Map<number, Uint8Array>();
  const modes = new Map<number, Uint8Array>();
  const kinds: Kinds = new Map();
  for (let k = from; k < to; k++) {
    const i = order[k];
    const flags = c.flags[i];
    const isDir = (flags & IS_DIR) !== 0;
    const start = i === 0 ? 0 : c.nameEnds[i - 1];
    const end = c.nameEnds[i];
    // Most names are written as their UTF-8 bytes; one with a character JSON escapes, as JSON.stringify gives it.
    const esc = flags & NEEDS_ESCAPE ? ascii(escaped(nameOf(i))) : null;
    const kind = isDir ? EMPTY_KIND : kindOf(c.names, start, end, () => nameOf(i), req.canModify, kinds);
    const nameLen = esc ? esc.length : end - start;
    if (at + fixed + 3 * nameLen + kind.length > buf.length) {
      const next = new Uint8Array(Math.max(Math.ceil(buf.length * 1.5), at + fixed + 3 * nameLen + kind.length));
      next.set(buf.subarray(0, at));
      buf = next;
    }
    if (k > from || comma) buf[at++] = 44;
    at = put(buf, at, P_NAME);
    at = esc ? put(buf, at, esc) : putRange(buf, at, c.names, start, end);
    at = put(buf, at, P_PATH);
    at = put(buf, at, base);
    buf[at++] = 47;
    at = esc ? put(buf, at, esc) : putRange(buf, at, c.names, start, end);
    if (isDir) buf[at++] = 47;
    at = put(buf, at, P_URL);
    at = put(buf, at, base);
    buf[at++] = 47;
    at = esc ? put(buf, at, esc) : putRange(buf, at, c.names, start, end);
    if (isDir) buf[at++] = 47;
    at = put(buf, at, P_SIZE);
    at = putNumber(buf, at, sizeOf(c, req, i));
    at = put(buf, at, P_MODIFIED);
    at = putIso(buf, at, c.mtime[i], days);
    at = put(buf, at, P_MODE);
    const mode = c.mode[i];
    at = putNumber(buf, at, mode);
    const modeKey = mode * 4 + (flags & 3);
    let modeStr = modes.get(modeKey);
    if (!modeStr) {
      const isLink = (flags & IS_SYMLINK) !== 0;
      modes.set(modeKey, (modeStr = ascii(`,"modeStr":"${modeStringOf(mode, isDir, isLink)}","isDir":${isDir},"isSymlink":${isLink},"type":`)));
    }
    at = put(buf, at, modeStr);
    at = put(buf, at, kind);
    at = put(buf, at, isDir ? P_KNOWN[+!Number.isNaN(req.dirSizes[i])] : CLOSE);
  }
  piece.buf = buf;
  piece.at = at;
  return piece;
}

/** `piece` (the head and the first items) ended by `rest` (the other items, after a comma) and `tail`, with its weak ETag. */
export function endBody(piece: Piece, rest: Uint8Array | null, tail: Uint8Array): { json: Uint8Array; etag: string } {
  const need = piece.at + (rest ? rest.length + 1 : 0) + tail.length;
  let buf = piece.buf;
  if (need > buf.length) {
    buf = new Uint8Array(need);
    buf.set(piece.buf.subarray(0, piece.at));
  }
  let at = piece.at;
  if (rest && rest.length) {
    buf[at++] = 44;
    buf.set(rest, at);
    at += rest.length;
  }
  buf.set(tail, at);
  at += tail.length;
  const json = buf.length - at > at / 4 ? buf.slice(0, at) : buf.subarray(0, at);
  return { json, etag: `W/"${Bun.hash(json).toString(36)}-${json.length.toString(36)}"` };
}

/** The whole body of `c` for `req` in the calling thread: the UTF-8 JSON and its weak ETag. */
export function compactBody(c: CompactFolder, nameOf: (i: number) => string, req: CompactBodyRequest, nameOrder?: Uint32Array): { json: Uint8Array; etag: string } {
  const order = bodyOrder(c, nameOf, req, nameOrder);
  const { head, tail } = bodyEnds(c, req, order);
  return endBody(writeItems(c, nameOf, req, order, 0, order.length, startPiece(c, req, order.length, head)), null, tail);
}

function sameBytes(a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
  if (a.length !== to - from) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[from + k]) return false;
  return true;
}

/** Extensions seen, by a hash of their bytes: the extension's bytes and the fragment its files write. */
type Kinds = Map<number, { ext: Uint8Array; bytes: Uint8Array }[]>;

/**
 * `"<type>","extension":"<ext>"` of the file whose UTF-8 name is `names[start..end)` (type as entries.ts gives it,
 * "textImmutable" for text a user cannot modify). When the name's last dot follows a character other than a dot,
 * extname is the rest from that dot and the type follows from it alone: those fragments are kept by extension.
 */
function kindOf(names: Uint8Array, start: number, end: number, name: () => string, canModify: boolean, kinds: Kinds): Uint8Array {
  let dot = end - 1;
  while (dot > start && names[dot] !== 46) dot--;
  const keyed = dot > start && names[dot - 1] !== 46 && end - dot > 1;
  let hash = 0;
  if (keyed) {
    for (let k = dot; k < end; k++) hash = (Math.imul(hash, 31) + names[k]) | 0;
    for (const hit of kinds.get(hash) ?? []) if (sameBytes(hit.ext, names, dot, end)) return hit.bytes;
  }
  const full = name();
  const found = typeFromName(full) ?? "blob";
  const type = found === "text" && !canModify ? "textImmutable" : found;
  const bytes = ascii(`${JSON.stringify(type)},"extension":${JSON.stringify(extensionOf(full))}`);
  if (keyed) kinds.set(hash, [...(kinds.get(hash) ?? []), { ext: names.slice(dot, end), bytes }]);
  return bytes;
}
