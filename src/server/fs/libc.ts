/**
 * @module libc called through bun:ffi, loaded in one place for the listing's readers (getdents64, statx), its
 * folder watches (inotify) and its threads' priority, and the scoped opens of fs/beneath.ts (openat2). bun:ffi
 * exists only under Bun: it is required lazily.
 */
import type { FFIFunction, FFIType } from "bun:ffi";
import { endianness } from "node:os";

/** Functions of libc with their calls typed as `T`, and `ptr` giving the address of a buffer to pass them. */
export interface Libc<T> {
  fn: T;
  ptr: (a: Uint8Array) => number;
}

/**
 * The libc functions `defs` returns (bun:ffi shapes keyed by libc's own names, built from the FFIType it is
 * given); null when not on Linux, without bun:ffi, or when libc.so.6 lacks one of them. Typed by the caller as `T`.
 */
export function openLibc<T>(defs: (type: typeof FFIType) => Record<string, FFIFunction>): Libc<T> | null {
  if (process.platform !== "linux") return null;
  try {
    const ffi = require("bun:ffi") as typeof import("bun:ffi");
    const { symbols } = ffi.dlopen("libc.so.6", defs(ffi.FFIType));
    return { fn: symbols as unknown as T, ptr: (a) => ffi.ptr(a) as unknown as number };
  } catch {
    return null;
  }
}

/** False once the Config turned bun:ffi off (listingFfi, FBE_LISTING_FFI=0). */
let ffiAllowed = true;

/**
 * Allows or forbids libc calls through bun:ffi in this thread (Config listingFfi); set at boot by the server and
 * by each thread when it starts, before the first call.
 */
export function allowFfi(allowed: boolean): void {
  ffiAllowed = allowed;
}

/** True when libc can be called through bun:ffi here (Linux, little-endian, not turned off by allowFfi). */
export function ffiAvailable(): boolean {
  return process.platform === "linux" && endianness() === "LE" && ffiAllowed;
}
