/**
 * @module Reads a folder synchronously into a CompactFolder (run in the folder worker, off the event loop): one
 * readdir, then one stat per entry through libc `statx` (bun:ffi) into one reused buffer, or lstatSync where ffi is
 * unavailable. Links keep the semantics of entries.ts readEntry: the stats and real path of their target, left
 * out when dangling.
 */
import { closeSync, lstatSync, openSync, readdirSync, realpathSync, statSync } from "node:fs";
import { endianness } from "node:os";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../../constants";
import { DIR_BIT, SYMLINK_BIT } from "../file-info";
import { IS_DIR, IS_SYMLINK, NEEDS_ESCAPE, type CompactFolder } from "./compact";

const AT_SYMLINK_NOFOLLOW = 0x100;
/** STATX_TYPE | STATX_MODE | STATX_MTIME | STATX_SIZE. */
const STATX_MASK = 0x1 | 0x2 | 0x40 | 0x200;
const S_IFMT = 0o170000, S_IFDIR = 0o040000, S_IFLNK = 0o120000;
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

interface Statx {
  statx: (dirfd: number, path: number, flags: number, mask: number, buf: number) => number;
}

/** One stat: mode bits (S_IFMT included), size and mtime in ms; null when it failed. */
type StatFn = (dirfd: number, abs: string, at: number, follow: boolean) => { mode: number; size: number; mtimeMs: number } | null;

let statxLib: { lib: Statx; ptr: (a: Uint8Array) => number } | null | undefined;

function openStatx(): typeof statxLib {
  if (statxLib !== undefined) return statxLib;
  statxLib = null;
  if (process.platform !== "linux" || endianness() !== "LE" || process.env.FBE_LISTING_FFI === "0") return null;
  try {
    const ffi = require("bun:ffi") as typeof import("bun:ffi");
    const { i32, u32, ptr } = ffi.FFIType;
    const { symbols } = ffi.dlopen("libc.so.6", { statx: { args: [i32, ptr, i32, u32, ptr], returns: i32 } });
    statxLib = { lib: symbols as unknown as Statx, ptr: (a) => ffi.ptr(a) as unknown as number };
  } catch {
    statxLib = null;
  }
  return statxLib;
}

/** True when stats are read through libc statx (bun:ffi on Linux). */
export function usesStatx(): boolean {
  return openStatx() !== null;
}

/**
 * Reads the folder `abs`: its entries, and their names as strings (the same order). Throws the readdir error
 * (ENOENT, ENOTDIR, EACCES).
 */
export function readCompactSync(abs: string): { folder: CompactFolder; names: string[] } {
  const all = readdirSync(abs);
  const names = all.length && all.some((n) => n.startsWith(UPLOAD_TEMP_PREFIX)) ? all.filter((n) => !n.startsWith(UPLOAD_TEMP_PREFIX)) : all;
  const n = names.length;
  let chars = 0;
  for (const name of names) chars += name.length;
  // Room for every name as UTF-8 with its NUL (at most 3 bytes per UTF-16 unit).
  const nameBuf = new Uint8Array(3 * chars + n + 1);
  const starts = new Uint32Array(n + 1);
  const enc = new TextEncoder();
  let at = 0;
  for (let i = 0; i < n; i++) {
    starts[i] = at;
    at += enc.encodeInto(names[i], nameBuf.subarray(at)).written;
    nameBuf[at++] = 0;
  }
  starts[n] = at;
  const out = { size: new Float64Array(n), mtime: new Float64Array(n), mode: new Float64Array(n), flags: new Uint8Array(n) };
  const nameEnds = new Uint32Array(n);
  const links: [number, string][] = [];
  const keptNames: string[] = [];
  const stat = statFn(nameBuf);
  const dirfd = stat.usesFd ? openSync(abs, "r") : -1;
  let kept = 0;
  let bytes = 0;
  try {
    for (let i = 0; i < n; i++) {
      const child = stat.usesFd ? "" : join(abs, names[i]);
      let st = stat.fn(dirfd, child, starts[i], false);
      if (!st) continue; // vanished meanwhile
      let flags = 0;
      if ((st.mode & S_IFMT) === S_IFLNK) {
        const path = child || join(abs, names[i]);
        st = stat.fn(dirfd, path, starts[i], true);
        let real: string;
        try {
          real = realpathSync(path);
        } catch {
          continue; // a dangling link
        }
        if (!st) continue;
        flags |= IS_SYMLINK;
        links.push([kept, real]);
      }
      const isDir = (st.mode & S_IFMT) === S_IFDIR;
      if (isDir) flags |= IS_DIR;
      if (ESCAPED.test(names[i])) flags |= NEEDS_ESCAPE;
      out.size[kept] = st.size;
      out.mtime[kept] = st.mtimeMs;
      out.mode[kept] = (st.mode & 0o7777) + (isDir ? DIR_BIT : 0) + (flags & IS_SYMLINK ? SYMLINK_BIT : 0);
      out.flags[kept] = flags;
      // Names compacted in place (kept entries only, without their NUL).
      const len = starts[i + 1] - 1 - starts[i];
      nameBuf.copyWithin(bytes, starts[i], starts[i] + len);
      bytes += len;
      nameEnds[kept++] = bytes;
      keptNames.push(names[i]);
    }
  } finally {
    if (dirfd >= 0) closeSync(dirfd);
  }
  const folder = {
    count: kept,
    names: nameBuf.slice(0, bytes),
    nameEnds: nameEnds.slice(0, kept),
    size: out.size.slice(0, kept),
    mtime: out.mtime.slice(0, kept),
    mode: out.mode.slice(0, kept),
    flags: out.flags.slice(0, kept),
    links,
  };
  return { folder, names: keptNames };
}

/** The stat function over `nameBuf`: statx relative to the folder's descriptor, else lstatSync/statSync by path. */
function statFn(nameBuf: Uint8Array): { fn: StatFn; usesFd: boolean } {
  const x = openStatx();
  if (!x) {
    return {
      usesFd: false,
      fn: (_fd, path, _at, follow) => {
        try {
          const s = follow ? statSync(path) : lstatSync(path);
          return { mode: s.mode, size: s.size, mtimeMs: s.mtimeMs };
        } catch {
          return null;
        }
      },
    };
  }
  const buf = new Uint8Array(256);
  const u32 = new Uint32Array(buf.buffer);
  const i32 = new Int32Array(buf.buffer);
  const bufPtr = x.ptr(buf);
  const namesPtr = x.ptr(nameBuf);
  return {
    usesFd: true,
    fn: (dirfd, path, at, follow) => {
      // Links are followed by path (their target may be anywhere): the name relative to the folder would do as well.
      const r = x.lib.statx(dirfd, namesPtr + at, follow ? 0 : AT_SYMLINK_NOFOLLOW, STATX_MASK, bufPtr);
      void path;
      if (r !== 0) return null;
      // struct statx (little-endian): stx_mode u16 at 28, stx_size u64 at 40, stx_mtime {i64 sec, u32 nsec} at 112.
      const size = u32[10] + u32[11] * 2 ** 32;
      const sec = u32[28] + i32[29] * 2 ** 32;
      return { mode: u32[7] & 0xffff, size, mtimeMs: sec * 1000 + u32[30] / 1e6 };
    },
  };
}
