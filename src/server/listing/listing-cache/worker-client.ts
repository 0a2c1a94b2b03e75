/**
 * @module The main thread's side of the folder workers (folder-worker.ts): at most `pool` threads started on first
 * use and ended after `idleMs` without work (each holds some 20 MiB), each request sent to the least busy one. Every call resolves null when
 * no worker can run (turned off by the Config, FBE_LISTING_WORKER=0; a failed start): the caller then reads on the main thread.
 */
import type { CompactBodyRequest } from "../compact-body";
import type { CompactFolder } from "./compact";
import type { SharedRead } from "./read-compact";
import { workerUrl } from "../../worker-url";
import { BoundedCache } from "../../bounded-cache";

/** Folder worker threads at most (Config listingThreads, default 2; a second starts when the first has company). */
let pool = 2;
/** A thread without work for this long (ms) ends (Config listingIdleMs, default 30 s); the next read starts one again. */
let idleMs = 30_000;
/** Whether the threads may call libc through bun:ffi (Config listingFfi), told to each in its first message. */
let ffi = true;

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** Bun's Worker: ref/unref decide whether it keeps the process alive. */
type BunWorker = Worker & { ref: () => void; unref: () => void };

interface Thread {
  worker: BunWorker;
  pending: Map<number, Pending>;
  /** The timer that ends the thread once it has been idle for idleMs. */
  idle?: ReturnType<typeof setTimeout>;
}

let threads: Thread[] = [];
let disabled = typeof Worker === "undefined";
let nextId = 0;
/** Which thread read each folder (it keeps the names for the body that follows). */
const readBy = new BoundedCache<number, Thread>(16);

/** The worker's entry (its own entry point of the build, scripts/build.ts). */
const WORKER_URL = workerUrl("listing/listing-cache/folder-worker.ts");

/** Thrown inside when a worker ended: pending calls resolve null and the main thread does the work. */
const UNAVAILABLE = new Error("folder worker unavailable");

/** What configureFolderWorkers takes: the Config's listing settings. */
export interface FolderWorkerOptions {
  threads: number;
  idleMs: number;
  enabled: boolean;
  ffi: boolean;
}

/** Sets the pool from the Config at boot, before the first read: its size, idle time, on/off and bun:ffi use. */
export function configureFolderWorkers(o: FolderWorkerOptions): void {
  pool = o.threads;
  idleMs = o.idleMs;
  ffi = o.ffi;
  if (!o.enabled) disabled = true;
}

function spawn(): Thread | null {
  try {
    const worker = new Worker(WORKER_URL) as BunWorker;
    const t: Thread = { worker, pending: new Map() };
    worker.onmessage = (e: MessageEvent<{ id: number; error?: { message: string; code?: string } }>) => {
      const p = t.pending.get(e.data.id);
      if (!p) return;
      t.pending.delete(e.data.id);
      if (e.data.error) p.reject(Object.assign(new Error(e.data.error.message), e.data.error));
      else p.resolve(e.data);
      if (t.pending.size === 0) {
        worker.unref();
        retireWhenIdle(t);
      }
    };
    worker.onerror = () => {
      // A worker that cannot load (or died) is not started again: the main thread reads from now on.
      disabled = true;
      threads = threads.filter((x) => x !== t);
      for (const p of t.pending.values()) p.reject(UNAVAILABLE);
      t.pending.clear();
      worker.terminate();
    };
    worker.postMessage({ op: "init", ffi });
    worker.unref();
    threads.push(t);
    retireWhenIdle(t);
    return t;
  } catch {
    disabled = true;
    return null;
  }
}

/** Ends `t` after idleMs unless it gets work before: its memory goes back, reads it made are forgotten. */
function retireWhenIdle(t: Thread): void {
  clearTimeout(t.idle);
  t.idle = setTimeout(() => {
    if (t.pending.size > 0) return;
    threads = threads.filter((x) => x !== t);
    for (const [id, by] of readBy) if (by === t) readBy.delete(id);
    t.worker.terminate();
  }, idleMs);
  t.idle.unref?.();
}

/**
 * An idle thread (`prefer` when idle), a new one while the pool has room, else null: a request never waits behind
 * another folder's work (the caller then does it on the main thread, without blocking the loop).
 */
function pick(prefer?: Thread): Thread | null {
  if (disabled) return null;
  if (prefer && threads.includes(prefer) && prefer.pending.size === 0) return prefer;
  const idle = threads.find((t) => t.pending.size === 0);
  if (idle) return idle;
  return threads.length < pool ? spawn() : null;
}

async function call<T>(t: Thread, msg: Record<string, unknown>, transfer: Transferable[] = []): Promise<T | null> {
  const id = ++nextId;
  const answer = new Promise<unknown>((resolve, reject) => t.pending.set(id, { resolve, reject }));
  clearTimeout(t.idle);
  t.worker.ref();
  t.worker.postMessage({ id, ...msg }, transfer);
  try {
    return (await answer) as T;
  } catch (err) {
    if (err === UNAVAILABLE) return null;
    throw err;
  }
}

/** A folder read by the workers, with the id later requests refer to and its entries in natural name order. */
export interface WorkerRead {
  folder: CompactFolder;
  readId: number;
  nameOrder?: Uint32Array;
}

let reads = 0;

/**
 * An id for a read made on the main thread from an earlier one (a folder patched with a few changed entries): no
 * thread holds its names, so a body for it decodes them from the folder.
 */
export function newReadId(): number {
  return ++reads;
}

/** A second thread beside `t` (started when the pool has room); null when there is none. */
function partner(t: Thread): Thread | null {
  const other = threads.find((x) => x !== t && x.pending.size === 0) ?? (threads.length < pool ? spawn() : null);
  return other && !disabled ? other : null;
}

/**
 * Reads the folder `abs` in the workers (one lists it; both stat its entries, the second sorting the names first);
 * null when no worker can run. `onListed` hears the entry count while the stats are read. Throws the read error
 * (with its `code`: ENOENT, ENOTDIR, EACCES).
 */
export async function readInWorker(abs: string, onListed?: (count: number) => void): Promise<WorkerRead | null> {
  const t = pick();
  if (!t) return null;
  const readId = ++reads;
  const listed = await call<{ read: SharedRead }>(t, { op: "list", abs, readId });
  if (!listed) return null;
  const other = partner(t);
  const stats = Promise.all([
    call<{ links: [number, string][] }>(t, { op: "stat", read: listed.read, nameOrder: false }),
    other
      ? call<{ links: [number, string][]; nameOrder: Uint32Array }>(other, {
          op: "stat",
          read: listed.read,
          nameOrder: true,
        })
      : null,
  ]);
  onListed?.(listed.read.count);
  const [mine, theirs] = await stats;
  // A thread that ended meanwhile may have left entries unread: the caller reads the folder itself.
  if (!mine || (other && !theirs)) return null;
  const links = [...mine.links, ...(theirs?.links ?? [])];
  const done = await call<{ folder: CompactFolder; nameOrder: Uint32Array }>(t, {
    op: "finish",
    readId,
    read: listed.read,
    links,
    nameOrder: theirs?.nameOrder,
  });
  if (!done) return null;
  readBy.set(readId, t);
  return { folder: done.folder, readId, nameOrder: done.nameOrder };
}

/** Items from which a body is written by two threads, each half of them. */
const SPLIT_FROM = 4096;

let bodies = 0;

/**
 * The listing body of a folder read by readInWorker, written in the workers (a large one half by each, the first
 * thread joining the halves); null when no worker can run.
 */
export async function bodyInWorker(
  read: WorkerRead,
  req: CompactBodyRequest,
): Promise<{ json: Uint8Array; etag: string } | null> {
  const t = pick(readBy.get(read.readId));
  if (!t) return null;
  const base = { readId: read.readId, folder: read.folder, req };
  const ordered = await call<{ order: Uint32Array; head: Uint8Array; tail: Uint8Array }>(t, {
    op: "order",
    ...base,
    nameOrder: read.nameOrder,
  });
  if (!ordered) return null;
  const n = ordered.order.length;
  const other = n >= SPLIT_FROM ? partner(t) : null;
  const mid = other ? Math.ceil(n / 2) : n;
  const key = ++bodies;
  const [first, rest] = await Promise.all([
    call<object>(t, { op: "first", ...base, order: ordered.order, to: mid, head: ordered.head, key }),
    other ? call<{ bytes: Uint8Array }>(other, { op: "write", ...base, order: ordered.order, from: mid, to: n }) : null,
  ]);
  if (!first || (other && !rest)) return null;
  const transfer = rest ? [rest.bytes.buffer as ArrayBuffer] : [];
  return call<{ json: Uint8Array; etag: string }>(
    t,
    { op: "end", key, rest: rest?.bytes ?? null, tail: ordered.tail },
    transfer,
  );
}

/** True while folder workers may be used (none failed to start, not turned off). */
export function workersEnabled(): boolean {
  return !disabled;
}
