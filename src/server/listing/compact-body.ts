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
 * The listing body of `c` for `req` (names decoded by `nameOf`): the UTF-8 JSON and its weak ETag (a hash of the
 * bytes and their length).
 */
export function compactBody(c: CompactFolder, nameOf: (i: number) => string, req: CompactBodyRequest): { json: Uint8Array; etag: string } {
  const visible: number[] = [];
  for (let i = 0; i < c.count; i++) {
    const start = i === 0 ? 0 : c.nameEnds[i - 1];
    if (req.showHidden || c.names[start] !== 46) visible.push(i);
  }
  const known = (i: number) => (c.flags[i] & IS_DIR) === 0 || !Number.isNaN(req.dirSizes[i]);
  const sizeOf = (i: number) => ((c.flags[i] & IS_DIR) === 0 || Number.isNaN(req.dirSizes[i]) ? c.size[i] : req.dirSizes[i]);
  const order = orderOf(visible, { nameOf, sizeKey: (i) => (known(i) ? sizeOf(i) : 0), mtime: (i) => c.mtime[i], mode: (i) => c.mode[i] }, req.sorting);

  const base = ascii(escaped(req.base));
  const head = ascii(req.prefix);
  const tail = ascii(`],"numDirs":${order.filter((i) => c.flags[i] & IS_DIR).length},"numFiles":${order.filter((i) => !(c.flags[i] & IS_DIR)).length},"sorting":${JSON.stringify(req.sorting)}}`);
  // Bytes of one item besides its name (three times) and base (twice): keys, numbers, date, mode, type, extension.
  const fixed = 400 + 2 * base.length;
  let buf = new Uint8Array(head.length + tail.length + c.names.length * 3 + (fixed + 64) * order.length);
  let at = put(buf, 0, head);
  const days = new Map<number, Uint8Array>();
  const modes = new Map<number, Uint8Array>();
  const kinds: Kinds = new Map();
  for (let k = 0; k < order.length; k++) {
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
      const next = new Uint8Array(Math.max(Math.ceil(buf.length * 1.5), at + fixed + 3 * nameLen + kind.length + tail.length));
      next.set(buf.subarray(0, at));
      buf = next;
    }
    if (k > 0) buf[at++] = 44;
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
    at = putNumber(buf, at, sizeOf(i));
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
    at = put(buf, at, isDir ? P_KNOWN[+known(i)] : CLOSE);
  }
  if (at + tail.length > buf.length) {
    const next = new Uint8Array(at + tail.length);
    next.set(buf.subarray(0, at));
    buf = next;
  }
  at = put(buf, at, tail);
  const json = buf.slice(0, at);
  return { json, etag: `W/"${Bun.hash(json).toString(36)}-${json.length.toString(36)}"` };
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
