/**
 * @module Folder watchers for the listing cache. On Linux one inotify descriptor opened through libc (bun:ffi) and
 * read without blocking: `drain()` hands every change the kernel queued so far to its folder before a cached
 * listing is answered, so a change made in a shell just before a request is never missed (fs.watch delivers its
 * events later, from another thread, and was measured to miss the next request on a busy machine). Elsewhere,
 * fs.watch with events as they come; `exact` then is false and the cache also compares the folder's mtime.
 * The server has one set of watchers (sharedFolderWatchers): the listing cache and the file index watch through the
 * same inotify descriptor, so a folder both watch costs one kernel watch, and every change any watch sees reaches
 * the index (observe).
 */
import { statfsSync, watch } from "node:fs";
import { UPLOAD_TEMP_PREFIX } from "../../constants";
import { openLibc } from "../../fs/libc";

const TEMP_PREFIX_BYTES = new TextEncoder().encode(UPLOAD_TEMP_PREFIX);

/** True when the NUL-padded name at `at` in `buf` starts with the upload temp prefix. */
function startsWithTempPrefix(buf: Uint8Array, at: number): boolean {
  for (let i = 0; i < TEMP_PREFIX_BYTES.length; i++) if (buf[at + i] !== TEMP_PREFIX_BYTES[i]) return false;
  return true;
}

/** A watch on one folder; close() stops it. */
export interface WatchHandle {
  close: () => void;
}

/**
 * Called with `gone` true when the watch ended (folder deleted or moved away): the caller must stop trusting it.
 * Otherwise `names` holds the entries created, removed, renamed or changed, when the source tells them exactly
 * (inotify); undefined means anything in the folder may have changed (a queue overflow, fs.watch, the folder itself).
 */
export type OnChange = (gone: boolean, names?: readonly string[]) => void;

/** Receives every change of every watched folder: its absolute path, then as OnChange. */
export type Observer = (abs: string, gone: boolean, names?: readonly string[]) => void;

/** A source of folder change notices. */
export interface FolderWatchers {
  /** True when drain() delivers every change made before it was called. */
  exact: boolean;
  /** Starts watching the folder `abs` (not recursive); null when it cannot be watched. */
  watch: (abs: string, onChange: OnChange) => WatchHandle | null;
  /** Delivers, synchronously, the changes queued so far. */
  drain: () => void;
  /** Adds an observer of the changes of all watched folders, whoever watches them (exact sources only). */
  observe: (fn: Observer) => void;
}

const IN_MODIFY = 0x2,
  IN_ATTRIB = 0x4,
  IN_CLOSE_WRITE = 0x8,
  IN_MOVED_FROM = 0x40,
  IN_MOVED_TO = 0x80;
const IN_CREATE = 0x100,
  IN_DELETE = 0x200,
  IN_DELETE_SELF = 0x400,
  IN_MOVE_SELF = 0x800;
const IN_Q_OVERFLOW = 0x4000,
  IN_IGNORED = 0x8000,
  IN_ONLYDIR = 0x1000000;
/**
 * Reads of the 64 KiB buffer one drain makes at most: 1 MiB, more than the kernel queues by default (16,384 events
 * of 16 bytes plus a name, /proc/sys/fs/inotify/max_queued_events, inotify(7)), so only a storm still arriving meets it.
 */
const DRAIN_READS_MAX = 16;
const IN_NONBLOCK = 0o4000,
  IN_CLOEXEC = 0o2000000;
const MASK =
  IN_MODIFY |
  IN_ATTRIB |
  IN_CLOSE_WRITE |
  IN_MOVED_FROM |
  IN_MOVED_TO |
  IN_CREATE |
  IN_DELETE |
  IN_DELETE_SELF |
  IN_MOVE_SELF |
  IN_ONLYDIR;
const GONE = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED;

interface Libc {
  inotify_init1: (flags: number) => number;
  inotify_add_watch: (fd: number, path: Uint8Array, mask: number) => number;
  inotify_rm_watch: (fd: number, wd: number) => number;
  read: (fd: number, buf: unknown, len: number) => number;
}

function openInotify(): { libc: Libc; ptr: (a: Uint8Array) => number } | null {
  const lib = openLibc<Libc>(({ i32, u32, ptr, cstring }) => ({
    inotify_init1: { args: [i32], returns: i32 },
    inotify_add_watch: { args: [i32, cstring, u32], returns: i32 },
    inotify_rm_watch: { args: [i32, i32], returns: i32 },
    read: { args: [i32, ptr, u32], returns: i32 },
  }));
  return lib && { libc: lib.fn, ptr: lib.ptr };
}

/** inotify through libc; null when unavailable. */
function inotifyWatchers(): FolderWatchers | null {
  const lib = openInotify();
  if (!lib) return null;
  const { libc, ptr } = lib;
  const fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd < 0) return null;
  const byWd = new Map<number, Set<OnChange>>();
  // The folder each watch was last added for (a folder moved and watched again keeps its descriptor).
  const pathOf = new Map<number, string>();
  const observers: Observer[] = [];
  const buf = new Uint8Array(64 * 1024);
  const view = new DataView(buf.buffer);
  const tell = (wd: number, gone: boolean, names: Set<string> | null) => {
    const fns = byWd.get(wd);
    if (!fns) return;
    const abs = pathOf.get(wd)!;
    if (gone) {
      byWd.delete(wd);
      pathOf.delete(wd);
      libc.inotify_rm_watch(fd, wd);
    }
    const list = names ? [...names] : undefined;
    for (const fn of observers) fn(abs, gone, list);
    for (const fn of [...fns]) fn(gone, list);
  };
  const decoder = new TextDecoder();
  const drain = () => {
    for (let reads = 0; ; reads++) {
      if (reads === DRAIN_READS_MAX) {
        // Changes arrive as fast as they are read (a folder renamed in a loop): rather than hold the event loop,
        // every watched folder counts as changed, as after a queue overflow, and the rest waits for the next drain.
        for (const wd of [...byWd.keys()]) tell(wd, false, null);
        return;
      }
      const n = libc.read(fd, ptr(buf), buf.length);
      if (n <= 0) return;
      // Per watch: gone, and the names changed (null: anything may have changed).
      const touched = new Map<number, { gone: boolean; names: Set<string> | null }>();
      const at = (wd: number) => {
        let t = touched.get(wd);
        if (!t) touched.set(wd, (t = { gone: false, names: new Set() }));
        return t;
      };
      for (let off = 0; off + 16 <= n; off += 16 + view.getUint32(off + 12, true)) {
        const wd = view.getInt32(off, true);
        const mask = view.getUint32(off + 4, true);
        const len = view.getUint32(off + 12, true);
        // Writes to upload temp files (never listed) leave the listing as it is; their rename into place counts.
        if (len > 0 && startsWithTempPrefix(buf, off + 16)) continue;
        if (mask & IN_Q_OVERFLOW) {
          for (const w of byWd.keys()) at(w).names = null;
          continue;
        }
        const t = at(wd);
        if (mask & GONE) t.gone = true;
        // The name, NUL-padded to `len` bytes (inotify(7)); an event on the folder itself has none.
        const end = buf.indexOf(0, off + 16);
        const name =
          len > 0 ? decoder.decode(buf.subarray(off + 16, end < 0 || end > off + 16 + len ? off + 16 + len : end)) : "";
        // A name that is not valid UTF-8 cannot be looked up again by its decoded form: the whole folder counts.
        if (!name || name.includes("\uFFFD")) t.names = null;
        else t.names?.add(name);
      }
      for (const [wd, t] of touched) tell(wd, t.gone, t.names);
    }
  };
  // Changes are also collected now and then, so nothing piles up in the kernel's queue between listings.
  setInterval(drain, 1000).unref();
  return {
    exact: true,
    drain,
    observe: (fn) => observers.push(fn),
    watch(abs, onChange) {
      const wd = libc.inotify_add_watch(fd, new TextEncoder().encode(`${abs}\0`), MASK);
      if (wd < 0) return null;
      const fns = byWd.get(wd) ?? new Set<OnChange>();
      byWd.set(wd, fns);
      pathOf.set(wd, abs);
      fns.add(onChange);
      return {
        close() {
          if (!fns.delete(onChange) || fns.size > 0 || byWd.get(wd) !== fns) return;
          byWd.delete(wd);
          pathOf.delete(wd);
          libc.inotify_rm_watch(fd, wd);
        },
      };
    },
  };
}

/** fs.watch, events as they come (another thread delivers them): not exact. */
export function fsWatchers(): FolderWatchers {
  return {
    exact: false,
    drain: () => {},
    observe: () => {},
    watch(abs, onChange) {
      try {
        const w = watch(abs, { persistent: false }, (_event, name) => {
          if (typeof name !== "string" || !name.startsWith(UPLOAD_TEMP_PREFIX)) onChange(false);
        });
        w.on("error", () => onChange(true));
        return { close: () => w.close() };
      } catch {
        return null;
      }
    },
  };
}

/** The watchers of this platform: inotify when libc can be reached, else fs.watch. */
export function folderWatchers(): FolderWatchers {
  return inotifyWatchers() ?? fsWatchers();
}

let shared: FolderWatchers | null = null;

/** The server's one set of watchers (folderWatchers, made on first use), shared by the listing cache and the index. */
export function sharedFolderWatchers(): FolderWatchers {
  return (shared ??= folderWatchers());
}

/**
 * Local file systems, whose changes all reach inotify (statfs magic numbers: ext2/3/4, xfs, btrfs, tmpfs, overlay,
 * zfs, f2fs, ramfs). Elsewhere (NFS, SMB, FUSE, 9p) another machine's changes are not reported.
 */
const LOCAL_FS = new Set([0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x794c7630, 0x2fc12fc1, 0xf2f52010, 0x858458f6]);

/** True when changes to the folder `abs` can all be seen by `watchers` (an exact source on a local file system). */
export function watchSeesAll(watchers: FolderWatchers, abs: string): boolean {
  if (!watchers.exact) return false;
  try {
    return LOCAL_FS.has(Number(statfsSync(abs).type));
  } catch {
    return false;
  }
}
