/**
 * @module The JSON body of a folder listing written byte by byte from a CompactFolder (in the folder worker): the
 * same bytes as listing-body.ts itemJson over visibleItems for a folder without links and a user without rules
 * (the only bodies it is asked for).
 */
import { IS_DIR, IS_SYMLINK, NEEDS_ESCAPE, type CompactFolder } from "./listing-cache/compact";
import { orderOf } from "./listing-cache/natural-key";
import { modeStringOf } from "../presenters/mode-string";
import type { Sorting } from "../users/types";
import { ascii, kindOf, put, putIso, putNumber, putRange, type IsoCache, type Kinds } from "./json-bytes";

const P_NAME = ascii('{"name":"'),
  P_SIZE = ascii('","size":');
const P_MODIFIED = ascii(',"modified":"'),
  P_MODE = ascii('","mode":');
const P_KNOWN = [ascii(',"sizeKnown":false}'), ascii(',"sizeKnown":true}')];
const EMPTY_KIND = ascii('"","extension":""');
const CLOSE = ascii("}");

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

/** A JSON string's content (without its quotes) as JSON.stringify writes it. */
const escaped = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * The entries of `c` that `req`'s user sees, in the order of their sorting. `nameOrder`: every entry in natural
 * ascending name order when already known (the read computes it).
 */
export function bodyOrder(
  c: CompactFolder,
  nameOf: (i: number) => string,
  req: CompactBodyRequest,
  nameOrder?: Uint32Array,
): Uint32Array {
  const shown = (i: number) => req.showHidden || c.names[i === 0 ? 0 : c.nameEnds[i - 1]] !== 46;
  if (nameOrder && nameOrder.length === c.count && req.sorting.by === "name" && req.sorting.asc)
    return nameOrder.filter(shown);
  const visible: number[] = [];
  for (let i = 0; i < c.count; i++) if (shown(i)) visible.push(i);
  const known = (i: number) => (c.flags[i] & IS_DIR) === 0 || !Number.isNaN(req.dirSizes[i]);
  const sizeKey = (i: number) => (known(i) ? sizeOf(c, req, i) : 0);
  return Uint32Array.from(
    orderOf(visible, { nameOf, sizeKey, mtime: (i) => c.mtime[i], mode: (i) => c.mode[i] }, req.sorting),
  );
}

/** The size an item shows: a subfolder's index total when known, else the stat size. */
function sizeOf(c: CompactFolder, req: CompactBodyRequest, i: number): number {
  return (c.flags[i] & IS_DIR) === 0 || Number.isNaN(req.dirSizes[i]) ? c.size[i] : req.dirSizes[i];
}

/** The bytes around the items of a body listing `order`: the prefix, and the counts and sorting after them. */
export function bodyEnds(
  c: CompactFolder,
  req: CompactBodyRequest,
  order: Uint32Array,
): { head: Uint8Array; tail: Uint8Array } {
  let numDirs = 0;
  for (const i of order) if (c.flags[i] & IS_DIR) numDirs++;
  return {
    head: ascii(req.prefix),
    tail: ascii(
      `],"numDirs":${numDirs},"numFiles":${order.length - numDirs},"sorting":${JSON.stringify(req.sorting)}}`,
    ),
  };
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
export function writeItems(
  c: CompactFolder,
  nameOf: (i: number) => string,
  req: CompactBodyRequest,
  order: Uint32Array,
  from: number,
  to: number,
  piece: Piece,
  comma = false,
): Piece {
  const base = escaped(req.base);
  const pathStart = ascii(`","path":"${base}/`);
  const urlStart = ascii(`","url":"/files${base}/`);
  // Bytes of one item besides its name (three times) and base (twice): keys, numbers, date, mode, type, extension.
  const fixed = 400 + 2 * base.length;
  let { buf, at } = piece;
  const iso: IsoCache = { second: Number.NaN, prefix: new Uint8Array(0) };
  const modes = new Map<number, Uint8Array>();
  const kinds: Kinds = new Map();
  const { names, nameEnds, flags: allFlags, size, mtime, mode: modes_ } = c;
  const dirSizes = req.dirSizes;
  let lastModeKey = -1;
  let modeStr: Uint8Array = CLOSE;
  for (let k = from; k < to; k++) {
    const i = order[k];
    const flags = allFlags[i];
    const isDir = (flags & IS_DIR) !== 0;
    const start = i === 0 ? 0 : nameEnds[i - 1];
    const end = nameEnds[i];
    // Most names are written as their UTF-8 bytes; one with a character JSON escapes, as JSON.stringify gives it.
    const esc = flags & NEEDS_ESCAPE ? ascii(escaped(nameOf(i))) : null;
    const kind = isDir ? EMPTY_KIND : kindOf(names, start, end, nameOf, i, req.canModify, kinds);
    const nameLen = esc ? esc.length : end - start;
    if (at + fixed + 3 * nameLen + kind.length > buf.length) {
      const next = new Uint8Array(Math.max(Math.ceil(buf.length * 1.5), at + fixed + 3 * nameLen + kind.length));
      next.set(buf.subarray(0, at));
      buf = next;
    }
    if (k > from || comma) buf[at++] = 44;
    at = put(buf, at, P_NAME);
    at = esc ? put(buf, at, esc) : putRange(buf, at, names, start, end);
    at = put(buf, at, pathStart);
    at = esc ? put(buf, at, esc) : putRange(buf, at, names, start, end);
    if (isDir) buf[at++] = 47;
    at = put(buf, at, urlStart);
    at = esc ? put(buf, at, esc) : putRange(buf, at, names, start, end);
    if (isDir) buf[at++] = 47;
    at = put(buf, at, P_SIZE);
    const known = isDir && !Number.isNaN(dirSizes[i]);
    at = putNumber(buf, at, known ? dirSizes[i] : size[i]);
    at = put(buf, at, P_MODIFIED);
    at = putIso(buf, at, mtime[i], iso);
    at = put(buf, at, P_MODE);
    const mode = modes_[i];
    at = putNumber(buf, at, mode);
    const modeKey = mode * 4 + (flags & 3);
    if (modeKey !== lastModeKey) {
      lastModeKey = modeKey;
      const hit = modes.get(modeKey);
      const isLink = (flags & IS_SYMLINK) !== 0;
      modeStr =
        hit ??
        ascii(`,"modeStr":"${modeStringOf(mode, isDir, isLink)}","isDir":${isDir},"isSymlink":${isLink},"type":`);
      if (!hit) modes.set(modeKey, modeStr);
    }
    at = put(buf, at, modeStr);
    at = put(buf, at, kind);
    at = put(buf, at, isDir ? P_KNOWN[+known] : CLOSE);
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
