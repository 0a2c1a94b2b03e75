/**
 * @module Opening paths so that the kernel keeps them inside a scope folder (docs/security.md "Paths and races"):
 * openat2(2) with RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS relative to a descriptor of the scope, called through
 * bun:ffi. A file or folder is opened once and then used through its descriptor, or through the magic link
 * `/proc/self/fd/N` which names the opened inode itself: a parent folder swapped for a symlink after the check
 * can no longer send a read or a write outside the scope, since no path string is resolved again.
 */
import { closeSync, constants, mkdirSync, openSync, readlinkSync, realpathSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { FsError } from "./fs-error";
import { ffiAvailable, openLibc, type Libc } from "./libc";
import { isInside, realVirtualPath } from "./scope";

/** openat2(2) resolve flags (linux/openat2.h). */
const RESOLVE_NO_MAGICLINKS = 0x02;
const RESOLVE_NO_SYMLINKS = 0x04;
const RESOLVE_BENEATH = 0x08;
/** The syscall number of openat2, the same on every architecture (asm-generic/unistd.h, x86_64 syscall_64.tbl). */
const SYS_OPENAT2 = 437;
/** sizeof(struct open_how): flags, mode, resolve, three u64. */
const OPEN_HOW_SIZE = 24;
/** O_PATH and O_CLOEXEC (asm-generic/fcntl.h): node's `constants` lacks them. */
export const O_PATH = 0o10000000;
const O_CLOEXEC = 0o2000000;
const ENOSYS = 38;
const EXDEV = 18;
const ELOOP = 40;

/** Linux errno numbers (asm-generic/errno-base.h, errno.h) of the errors callers tell apart, by node's names. */
const ERRNO_NAMES: Record<number, string> = {
  1: "EPERM",
  2: "ENOENT",
  6: "ENXIO",
  13: "EACCES",
  17: "EEXIST",
  20: "ENOTDIR",
  21: "EISDIR",
  23: "ENFILE",
  24: "EMFILE",
  26: "ETXTBSY",
  36: "ENAMETOOLONG",
  40: "ELOOP",
  95: "EOPNOTSUPP",
};

interface Lib {
  syscall: (nr: number, dirfd: number, path: number, how: number, size: number) => number;
  __errno_location: () => number;
}

interface Read {
  i32: (ptr: number, offset: number) => number;
}

let lib: (Libc<Lib> & { read: Read }) | null | undefined;
/** False once the kernel answered ENOSYS (older than 5.6, or a sandbox filtering the call). */
let openat2Works = true;

function libc(): typeof lib {
  if (lib !== undefined) return lib;
  const opened = ffiAvailable()
    ? openLibc<Lib>(({ i64, i32, ptr, u64 }) => ({
        syscall: { args: [i64, i32, ptr, ptr, u64], returns: i64 },
        __errno_location: { args: [], returns: ptr },
      }))
    : null;
  lib = opened && { ...opened, read: (require("bun:ffi") as typeof import("bun:ffi")).read as unknown as Read };
  return lib;
}

/** An errno as the Error node:fs throws, so callers keep mapping `code` (ENOENT 404, EEXIST 409, ...). */
function errnoError(errno: number, rel: string): Error {
  const code = ERRNO_NAMES[errno] ?? `E${errno}`;
  return Object.assign(new Error(`${code}: cannot open '${rel}'`), { code, errno: -errno });
}

/**
 * openat2(dirfd, rel, flags, resolve): the new descriptor, or -errno. -ENOSYS where the call does not exist.
 * The path buffer and the open_how struct live only for the call.
 */
function openat2(dirfd: number, rel: string, flags: number, resolve: number): number {
  const l = libc();
  if (!l || !openat2Works) return -ENOSYS;
  const path = Buffer.from(`${rel}\0`);
  const how = new BigUint64Array([BigInt(flags | O_CLOEXEC), 0n, BigInt(resolve)]);
  const fd = Number(l.fn.syscall(SYS_OPENAT2, dirfd, l.ptr(path), l.ptr(new Uint8Array(how.buffer)), OPEN_HOW_SIZE));
  if (fd >= 0) return fd;
  const errno = l.read.i32(l.fn.__errno_location(), 0);
  if (errno === ENOSYS) openat2Works = false;
  return -errno;
}

/** `rel` ("a/b", no leading slash; "" for the scope itself) as openat2 wants it. */
function relOf(path: string): string {
  const rel = path.replace(/^\/+/, "");
  return rel === "" ? "." : rel;
}

/**
 * Opens `path` (a virtual path "/a/b" inside the scope folder `scopeAbs`, symlinks followed while they stay inside
 * it) with open(2) `flags`, and answers the descriptor; the caller closes it. The kernel refuses every step out of
 * the scope at the moment of the open (openat2 RESOLVE_BENEATH), so a folder swapped after a check cannot lead
 * elsewhere. An absolute symlink that points inside the scope, which RESOLVE_BENEATH refuses as such, is followed
 * by resolving it to its real place in the scope and opening that, again beneath the scope. Without openat2
 * (kernel < 5.6, no bun:ffi), the file is opened by path and its real location, read back from the opened
 * descriptor (`/proc/self/fd/N`), must lie in the scope.
 * @throws FsError OUTSIDE_SCOPE (403) for a path that leads out of the scope; the open's own errors (ENOENT,
 *   ENOTDIR, EACCES, ...) as node:fs throws them.
 */
export function openBeneath(scopeAbs: string, path: string, flags: number): number {
  const rel = relOf(path);
  const scopeFd = openSync(scopeAbs, O_PATH | constants.O_DIRECTORY | O_CLOEXEC);
  try {
    let fd = openat2(scopeFd, rel, flags, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS);
    if (fd === -EXDEV) {
      const real = realVirtualPath(scopeAbs, join(scopeAbs, rel));
      if (real === null) throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
      fd = openat2(scopeFd, relOf(real), flags, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS);
    }
    if (fd === -ENOSYS) return openCheckedByPath(scopeAbs, rel, flags);
    if (fd === -EXDEV || fd === -ELOOP) throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
    if (fd < 0) throw errnoError(-fd, path);
    return fd;
  } finally {
    closeSync(scopeFd);
  }
}

/**
 * The fallback of openBeneath: opens by path, then reads where the descriptor really is and closes it again
 * when that is outside the scope (the check is on the opened file, so it cannot be raced).
 * @throws FsError OUTSIDE_SCOPE (403) when the opened file lies outside the scope.
 */
function openCheckedByPath(scopeAbs: string, rel: string, flags: number): number {
  const fd = openSync(join(scopeAbs, rel), flags | O_CLOEXEC);
  try {
    // The scope folder itself is the operator's (no user can replace it), so its realpath is stable.
    const scopeReal = realpathSync(scopeAbs);
    const real = readlinkSync(fdPath(fd));
    if (!isInside(scopeReal, real)) throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * The file at the virtual `path` of the scope folder `scopeAbs` opened beneath it (openBeneath, `flags`) as a
 * node:fs/promises FileHandle: the same file, reopened through its descriptor's own path, so streaming readers that
 * want a handle keep the guarantee.
 * @throws as openBeneath.
 */
export async function openHandleBeneath(scopeAbs: string, path: string, flags: number): Promise<FileHandle> {
  const fd = openBeneath(scopeAbs, path, flags);
  try {
    return await open(fdPath(fd), flags);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens the child `name` (one path component) of the folder open as `dirFd`, never following a symlink at any step
 * (RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH): a walk down a tree through such opens stays in the tree even while
 * its folders are swapped for links. Answers the descriptor, or throws as node:fs does (ELOOP for a link).
 */
export function openChildNoFollow(dirFd: number, name: string, flags: number): number {
  if (name === "" || name === "." || name === ".." || name.includes("/"))
    throw new FsError("OUTSIDE_SCOPE", "not a single name");
  const fd = openat2(dirFd, name, flags, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS);
  if (fd === -ENOSYS) return openSync(`${fdPath(dirFd)}/${name}`, flags | constants.O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) throw errnoError(-fd, name);
  return fd;
}

/**
 * The path naming the open descriptor `fd` itself (procfs magic link): a path below it ("/proc/self/fd/7/name")
 * is resolved from that very folder, whatever its ancestors became since it was opened.
 */
export function fdPath(fd: number): string {
  return `/proc/self/fd/${fd}`;
}

/**
 * Turns openat2 off (`false`) or back on for this process, so the fallback of kernels without it (open by path,
 * then check where the descriptor is) can be exercised on a kernel that has it.
 */
export function setOpenat2(enabled: boolean): void {
  openat2Works = enabled;
}

/** True when openat2 is used (Linux 5.6+ with bun:ffi); false when the by-path fallback checks the opened file. */
export function usesOpenat2(): boolean {
  if (!libc() || !openat2Works) return false;
  const fd = openat2(-100, "/", O_PATH, 0);
  if (fd >= 0) closeSync(fd);
  return openat2Works;
}

/** A folder held open for the duration of an operation: its descriptor and the path through it. */
export interface PinnedDir {
  fd: number;
  /** `/proc/self/fd/N`: join a name to it for path-based calls (rename, mkdir, link) inside this very folder. */
  path: string;
  close: () => void;
}

/**
 * Opens the folder at the virtual `path` inside `scopeAbs` (openBeneath, O_PATH | O_DIRECTORY) for path-based
 * calls that must stay in it. The caller closes it (`close()`, idempotent).
 * @throws as openBeneath; ENOTDIR when it is not a folder.
 */
export function pinDir(scopeAbs: string, path: string): PinnedDir {
  return pinnedOf(openBeneath(scopeAbs, path, O_PATH | constants.O_DIRECTORY));
}

/** Runs `fn` with the folder `path` of the scope pinned (pinDir), closing it afterwards. */
export async function withPinnedDir<T>(scopeAbs: string, path: string, fn: (dir: PinnedDir) => Promise<T>): Promise<T> {
  const dir = pinDir(scopeAbs, path);
  try {
    return await fn(dir);
  } finally {
    dir.close();
  }
}

/**
 * Pins the folder at the virtual `path` inside `scopeAbs`, creating it and its missing parents first (`mkdir -p`
 * beneath the scope): the deepest existing folder is opened beneath the scope, and each new one is made inside
 * the folder open just before and opened without following links. `mode` is that of mkdir(2) (umask applies).
 * @throws as openBeneath; EEXIST-free (a folder made meanwhile by someone else is used); ENOTDIR when a file is on
 *   the way.
 */
export function mkdirsBeneath(scopeAbs: string, path: string, mode = 0o777): PinnedDir {
  try {
    return pinDir(scopeAbs, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT" || path === "/" || path === "") throw err;
  }
  const cut = path.replace(/\/+$/, "").lastIndexOf("/");
  const parent = mkdirsBeneath(scopeAbs, cut <= 0 ? "/" : path.slice(0, cut), mode);
  const name = path.replace(/\/+$/, "").slice(cut + 1);
  try {
    try {
      mkdirSync(`${parent.path}/${name}`, mode);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const fd = openChildNoFollow(parent.fd, name, O_PATH | constants.O_DIRECTORY);
    return pinnedOf(fd);
  } finally {
    parent.close();
  }
}

function pinnedOf(fd: number): PinnedDir {
  let open = true;
  return {
    fd,
    path: fdPath(fd),
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
