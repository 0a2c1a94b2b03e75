/**
 * @module A folder's names straight from the kernel (libc getdents64 through bun:ffi) as UTF-8 bytes, each followed
 * by a NUL: no string per name, and ready for statx. The same names readdir gives and in its order, less ".", ".."
 * and our upload temp files; names that are not valid UTF-8 are left out (readdir would turn them into names with
 * U+FFFD that no stat finds, so the listing never showed them). Null where ffi is missing (statx.ts).
 */
import { closeSync, constants, fstatSync, openSync } from "node:fs";
import { UPLOAD_TEMP_PREFIX } from "../../constants";
import { ffiAvailable, openLibc, type Libc } from "../../fs/libc";

interface Lib {
  getdents64: (fd: number, buf: number, len: number) => number;
}

let lib: Libc<Lib> | null | undefined;

function open(): typeof lib {
  if (lib === undefined)
    lib = ffiAvailable()
      ? openLibc<Lib>(({ i32, ptr, u64 }) => ({ getdents64: { args: [i32, ptr, u64], returns: i32 } }))
      : null;
  return lib;
}

const TEMP = new TextEncoder().encode(UPLOAD_TEMP_PREFIX);
const strict = new TextDecoder("utf-8", { fatal: true });
const CHUNK = 1 << 18;

/** True when `b[from..to)` is a name to list: not ".", "..", an upload temp file, nor invalid UTF-8. */
function listable(b: Uint8Array, from: number, to: number): boolean {
  const len = to - from;
  if (b[from] === 46 && (len === 1 || (len === 2 && b[from + 1] === 46))) return false;
  if (len >= TEMP.length) {
    let k = 0;
    while (k < TEMP.length && b[from + k] === TEMP[k]) k++;
    if (k === TEMP.length) return false;
  }
  for (let k = from; k < to; k++) {
    if (b[k] < 0x80) continue;
    try {
      strict.decode(b.subarray(from, to));
      return true;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The names of the folder `abs`: `bytes` (each name then a NUL, in a buffer made by `alloc`), `starts` (entry i
 * from starts[i]; starts[count] is the end) and `count`; null when getdents64 is unavailable. Throws the open or
 * read error (ENOENT, ENOTDIR, EACCES; ENOENT too for a folder removed while it is read).
 */
export function rawNames(
  abs: string,
  alloc: (bytes: number) => ArrayBufferLike,
): { bytes: Uint8Array; starts: Uint32Array; count: number } | null {
  if (!open()) return null;
  // O_DIRECTORY: a file answers ENOTDIR, as readdir does.
  const fd = openSync(abs, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    return rawNamesOfOpenFolder(fd, abs, alloc);
  } finally {
    closeSync(fd);
  }
}

/**
 * rawNames of a folder already open as `fd` (named `abs` in errors), read from its start; the caller closes it.
 * Null when getdents64 is unavailable.
 * @throws Error with code ENOENT when the folder was removed since it was opened (getdents64(2) answers ENOENT
 * then), EIO for any other failed read.
 */
export function rawNamesOfOpenFolder(
  fd: number,
  abs: string,
  alloc: (bytes: number) => ArrayBufferLike,
): { bytes: Uint8Array; starts: Uint32Array; count: number } | null {
  const l = open();
  if (!l) return null;
  const chunk = new Uint8Array(CHUNK);
  const chunkPtr = l.ptr(chunk);
  let bytes = new Uint8Array(CHUNK);
  let starts = new Uint32Array(4096);
  let count = 0;
  let at = 0;
  for (;;) {
    const n = l.fn.getdents64(fd, chunkPtr, CHUNK);
    if (n < 0) throw readError(fd, abs);
    if (n === 0) break;
    // struct linux_dirent64: u64 d_ino, i64 d_off, u16 d_reclen, u8 d_type, char d_name[] (NUL-terminated).
    for (let off = 0; off < n; ) {
      const reclen = chunk[off + 16] | (chunk[off + 17] << 8);
      const from = off + 19;
      let to = from;
      while (chunk[to] !== 0) to++;
      off += reclen;
      if (!listable(chunk, from, to)) continue;
      if (at + (to - from) + 1 > bytes.length) bytes = grown(bytes, at + (to - from) + 1);
      if (count + 1 >= starts.length) starts = grown(starts, count + 2);
      starts[count++] = at;
      bytes.set(chunk.subarray(from, to + 1), at);
      at += to - from + 1;
    }
  }
  starts[count] = at;
  const outBytes = new Uint8Array(alloc(at + 1));
  outBytes.set(bytes.subarray(0, at));
  const outStarts = new Uint32Array(alloc(4 * (count + 1)));
  outStarts.set(starts.subarray(0, count + 1));
  return { bytes: outBytes, starts: outStarts, count };
}

/**
 * The error of a failed getdents64 on `fd`: ENOENT when the folder is gone (no links left: removed while open,
 * which getdents64 answers with ENOENT), so the listing answers 404 as for a folder removed a moment earlier; EIO
 * otherwise. errno itself is not read: bun:ffi gives no reliable access to it.
 */
function readError(fd: number, abs: string): Error {
  let gone: boolean;
  try {
    gone = fstatSync(fd).nlink === 0;
  } catch {
    gone = true;
  }
  return Object.assign(new Error(`getdents64 failed on ${abs}`), { code: gone ? "ENOENT" : "EIO" });
}

function grown<T extends Uint8Array | Uint32Array>(a: T, need: number): T {
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}
