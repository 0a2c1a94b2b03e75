/**
 * @module The main thread's side of the folder workers (folder-worker.ts): at most POOL threads started on first
 * use and kept for the life of the process, each request sent to the least busy one. Every call resolves null when
 * no worker can run (FBE_LISTING_WORKER=0, a failed start): the caller then reads on the main thread.
 */
import type { CompactBodyRequest } from "../../listing/compact-body";
import type { CompactFolder } from "./compact";

/** Folder worker threads at most (a second starts only while the first is busy). */
const POOL = 2;

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** Bun's Worker: ref/unref decide whether it keeps the process alive. */
type BunWorker = Worker & { ref: () => void; unref: () => void };

interface Thread {
  worker: BunWorker;
  pending: Map<number, Pending>;
}

let threads: Thread[] = [];
let disabled = process.env.FBE_LISTING_WORKER === "0" || typeof Worker === "undefined";
let nextId = 0;
/** Which thread read each folder (it keeps the names for the body that follows). */
const readBy = new Map<number, Thread>();

/**
 * The worker's entry. Inside the compiled binary every entrypoint sits at its path below the entrypoints' common
 * folder (src/server, scripts/build.ts), while import.meta.url is the binary's own root.
 */
const WORKER_URL = import.meta.url.includes("/$bunfs/")
  ? new URL("./fs/listing-cache/folder-worker.ts", import.meta.url).href
  : new URL("./folder-worker.ts", import.meta.url).href;

/** Thrown inside when a worker ended: pending calls resolve null and the main thread does the work. */
const UNAVAILABLE = new Error("folder worker unavailable");

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
      if (t.pending.size === 0) worker.unref();
    };
    worker.onerror = () => {
      // A worker that cannot load (or died) is not started again: the main thread reads from now on.
      disabled = true;
      threads = threads.filter((x) => x !== t);
      for (const p of t.pending.values()) p.reject(UNAVAILABLE);
      t.pending.clear();
      worker.terminate();
    };
    worker.unref();
    threads.push(t);
    return t;
  } catch {
    disabled = true;
    return null;
  }
}

function pick(prefer?: Thread): Thread | null {
  if (disabled) return null;
  if (prefer && threads.includes(prefer) && prefer.pending.size === 0) return prefer;
  const idle = threads.find((t) => t.pending.size === 0);
  if (idle) return idle;
  if (threads.length < POOL) return spawn();
  return threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
}

async function call<T>(t: Thread, msg: Record<string, unknown>, transfer: Transferable[] = []): Promise<T | null> {
  const id = ++nextId;
  const answer = new Promise<unknown>((resolve, reject) => t.pending.set(id, { resolve, reject }));
  t.worker.ref();
  t.worker.postMessage({ id, ...msg }, transfer);
  try {
    return (await answer) as T;
  } catch (err) {
    if (err === UNAVAILABLE) return null;
    throw err;
  }
}

/** A folder read by a worker, with the id the body requests refer to. */
export interface WorkerRead {
  folder: CompactFolder;
  readId: number;
}

/**
 * Reads the folder `abs` in a worker; null when no worker can run. Throws the read error (with its `code`:
 * ENOENT, ENOTDIR, EACCES).
 */
export async function readInWorker(abs: string): Promise<WorkerRead | null> {
  const t = pick();
  if (!t) return null;
  const r = await call<WorkerRead>(t, { op: "read", abs });
  if (r) {
    readBy.set(r.readId, t);
    if (readBy.size > 16) readBy.delete(readBy.keys().next().value!);
  }
  return r && { folder: r.folder, readId: r.readId };
}

/** The listing body of a folder read by readInWorker, written in a worker; null when no worker can run. */
export async function bodyInWorker(read: WorkerRead, req: CompactBodyRequest): Promise<{ json: Uint8Array; etag: string } | null> {
  const t = pick(readBy.get(read.readId));
  if (!t) return null;
  const r = await call<{ json: Uint8Array; etag: string }>(t, { op: "body", readId: read.readId, folder: read.folder, req });
  return r && { json: r.json, etag: r.etag };
}

/** True while folder workers may be used (none failed to start, not turned off). */
export function workersEnabled(): boolean {
  return !disabled;
}
