/**
 * @module One stat per folder entry for the folder workers: libc `statx` through bun:ffi, relative to the folder's
 * descriptor, into one reused buffer (no Stats object per entry); lstatSync/statSync by path where ffi is missing
 * (not Linux, big-endian, turned off by the Config: FBE_LISTING_FFI=0).
 */
import { lstatSync, statSync } from "node:fs";
import { ffiAvailable, openLibc } from "../../fs/libc";

const AT_SYMLINK_NOFOLLOW = 0x100;
/** STATX_TYPE | STATX_MODE | STATX_MTIME | STATX_SIZE. */
const STATX_MASK = 0x1 | 0x2 | 0x40 | 0x200;

interface Statx {
  statx: (dirfd: number, path: number, flags: number, mask: number, buf: number) => number;
}

/** One stat: mode bits (S_IFMT included), size and mtime in ms; null when it failed. */
export type StatFn = (
  dirfd: number,
  abs: string,
  at: number,
  follow: boolean,
) => { mode: number; size: number; mtimeMs: number } | null;

let statxLib: { lib: Statx; ptr: (a: Uint8Array) => number } | null | undefined;

function openStatx(): typeof statxLib {
  if (statxLib !== undefined) return statxLib;
  const libc = ffiAvailable()
    ? openLibc<Statx>(({ i32, u32, ptr }) => ({ statx: { args: [i32, ptr, i32, u32, ptr], returns: i32 } }))
    : null;
  statxLib = libc && { lib: libc.fn, ptr: libc.ptr };
  return statxLib;
}

/** The stat function over `nameBuf`: statx relative to the folder's descriptor, else lstatSync/statSync by path. */
export function statFn(nameBuf: Uint8Array): { fn: StatFn; usesFd: boolean } {
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
