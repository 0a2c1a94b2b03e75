/** @module Small writes of JSON pieces into byte buffers (listing bodies written by the folder workers). */
import { extensionOf, typeFromName } from "../fs/file-type";

const enc = new TextEncoder();

/** `s` as UTF-8 bytes. */
export const ascii = (s: string) => enc.encode(s);

/** Copies `src` into `buf` at `at`; returns the position after it. */
export function put(buf: Uint8Array, at: number, src: Uint8Array): number {
  const n = src.length;
  if (n > 96) buf.set(src, at);
  else for (let k = 0; k < n; k++) buf[at + k] = src[k];
  return at + n;
}

/** Copies `src[from..to)` into `buf` at `at`; returns the position after it. */
export function putRange(buf: Uint8Array, at: number, src: Uint8Array, from: number, to: number): number {
  for (let k = from; k < to; k++) buf[at++] = src[k];
  return at;
}

/** `n` in decimal as JSON.stringify writes it (a non-negative safe integer written digit by digit). */
export function putNumber(buf: Uint8Array, at: number, n: number): number {
  if (!(n >= 0 && Number.isSafeInteger(n))) return at + enc.encodeInto(JSON.stringify(n), buf.subarray(at)).written;
  let len = 1;
  for (let v = n; v >= 10; v = Math.floor(v / 10)) len++;
  for (let k = len - 1, v = n; k >= 0; k--, v = Math.floor(v / 10)) buf[at + k] = 48 + (v % 10);
  return at + len;
}

/** `n` as `width` decimal digits, zero-padded. */
function pad(buf: Uint8Array, at: number, n: number, width: number): number {
  for (let k = width - 1, v = n; k >= 0; k--, v = Math.floor(v / 10)) buf[at + k] = 48 + (v % 10);
  return at + width;
}

/** The date of the last second written by putIso ("YYYY-MM-DDTHH:MM:SS."), reused while seconds repeat. */
export interface IsoCache {
  second: number;
  prefix: Uint8Array;
}

/** Date.prototype.toISOString of `ms` written at `at` (days before 1970 or after 9999 through Date itself). */
export function putIso(buf: Uint8Array, at: number, ms: number, cache: IsoCache): number {
  const t = Math.trunc(ms);
  if (!(t >= 0 && t < 253402300800000))
    return at + enc.encodeInto(new Date(ms).toISOString(), buf.subarray(at)).written;
  const second = Math.floor(t / 1000);
  if (second !== cache.second) {
    cache.second = second;
    cache.prefix = ascii(new Date(second * 1000).toISOString().slice(0, 20));
  }
  at = put(buf, at, cache.prefix);
  at = pad(buf, at, t - second * 1000, 3);
  buf[at++] = 90;
  return at;
}

function sameBytes(a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
  if (a.length !== to - from) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[from + k]) return false;
  return true;
}

/** Extensions seen, by a hash of their bytes: the extension's bytes and the fragment its files write. */
export type Kinds = Map<number, { ext: Uint8Array; bytes: Uint8Array }[]>;

/**
 * `"<type>","extension":"<ext>"` of file `i`, whose UTF-8 name is `names[start..end)` (type as entries.ts gives it,
 * "textImmutable" for text a user cannot modify). When the name's last dot follows a character other than a dot,
 * extname is the rest from that dot and the type follows from it alone: those fragments are kept by extension.
 */
export function kindOf(
  names: Uint8Array,
  start: number,
  end: number,
  nameOf: (i: number) => string,
  i: number,
  canModify: boolean,
  kinds: Kinds,
): Uint8Array {
  let dot = end - 1;
  while (dot > start && names[dot] !== 46) dot--;
  const keyed = dot > start && names[dot - 1] !== 46 && end - dot > 1;
  let hash = 0;
  if (keyed) {
    for (let k = dot; k < end; k++) hash = (Math.imul(hash, 31) + names[k]) | 0;
    for (const hit of kinds.get(hash) ?? []) if (sameBytes(hit.ext, names, dot, end)) return hit.bytes;
  }
  const full = nameOf(i);
  const found = typeFromName(full) ?? "blob";
  const type = found === "text" && !canModify ? "textImmutable" : found;
  const bytes = ascii(`${JSON.stringify(type)},"extension":${JSON.stringify(extensionOf(full))}`);
  if (keyed) kinds.set(hash, [...(kinds.get(hash) ?? []), { ext: names.slice(dot, end), bytes }]);
  return bytes;
}
