/**
 * @module Entry of the folder worker threads (an extra entrypoint of the compiled binary, see scripts/build.ts):
 * they read folders (read-compact.ts) and write listing bodies (listing/compact-body.ts) away from the event loop,
 * two of them sharing one read or one body. Each message { id, op, ... } is answered { id, ... }, or
 * { id, error: { message, code } } when it failed. Ops: list, stat, finish, order, first, write, end
 * (worker-client.ts), after one unanswered { op: "init", ffi } that passes the server's Config.
 */
import {
  bodyEnds,
  bodyOrder,
  endBody,
  startPiece,
  writeItems,
  type CompactBodyRequest,
  type Piece,
} from "../compact-body";
import { nameAt, type CompactFolder } from "./compact";
import { finishShared, listShared, namesOf, statShared, type SharedRead } from "./read-compact";
import { orderOf } from "./natural-key";
import { warmUp } from "./warm-up";
import { allowFfi, openLibc } from "../../fs/libc";
import { BoundedCache } from "../../bounded-cache";

/** The first message of the client: whether libc may be called through bun:ffi (Config listingFfi). */
interface Init {
  op: "init";
  ffi: boolean;
}

type Request =
  | { id: number; op: "list"; abs: string; readId: number }
  | { id: number; op: "stat"; read: SharedRead; nameOrder: boolean }
  | { id: number; op: "finish"; readId: number; read: SharedRead; links: [number, string][]; nameOrder?: Uint32Array }
  | { id: number; op: "order"; readId: number; folder: CompactFolder; req: CompactBodyRequest; nameOrder?: Uint32Array }
  | {
      id: number;
      op: "write";
      readId: number;
      folder: CompactFolder;
      req: CompactBodyRequest;
      order: Uint32Array;
      from: number;
      to: number;
    }
  | {
      id: number;
      op: "first";
      readId: number;
      folder: CompactFolder;
      req: CompactBodyRequest;
      order: Uint32Array;
      to: number;
      head: Uint8Array;
      key: number;
    }
  | { id: number; op: "end"; key: number; rest: Uint8Array | null; tail: Uint8Array };

/** Bodies whose first part this thread wrote, waiting for the rest ("first", then "end"), by key. */
const started = new Map<number, Piece>();

/** Niceness of the folder threads: the event loop's thread wins the CPU when both want it (two cores, two workers). */
const NICE = 2;

/** Lowers this thread's priority through libc (Linux: setpriority on the thread id); nothing elsewhere. */
function lowerPriority(): void {
  const libc = openLibc<{ gettid: () => number; setpriority: (which: number, who: number, prio: number) => number }>(
    ({ i32 }) => ({
      gettid: { args: [], returns: i32 },
      setpriority: { args: [i32, i32, i32], returns: i32 },
    }),
  );
  // Without ffi the thread keeps the process's priority.
  libc?.fn.setpriority(0, libc.fn.gettid(), NICE);
}
lowerPriority();

const KEEP_NAMES = 4;
/** Names of the folders this thread read last, by read id (decoding them again costs more than keeping a few). */
const recentNames = new BoundedCache<number, string[]>(KEEP_NAMES);

/** Body bytes from which a finished write collects this thread's garbage (measured: a few ms for 100,000 items). */
const GC_FROM_BYTES = 4 << 20;
let collect: false | "now" | "soon" = false;

const port = self as unknown as {
  onmessage: ((e: MessageEvent<Request | Init>) => void) | null;
  postMessage: (msg: unknown, transfer?: Transferable[]) => void;
};

function remember(readId: number, names: string[]): void {
  recentNames.set(readId, names);
}

function namesFor(readId: number, folder: CompactFolder): (i: number) => string {
  const names = recentNames.get(readId);
  return names && names.length === folder.count ? (i) => names[i] : (i) => nameAt(folder, i);
}

/** Every entry of `read` in natural ascending name order, by entry index. */
function nameOrderOf(names: string[]): Uint32Array {
  const all = Array.from({ length: names.length }, (_, i) => i);
  return Uint32Array.from(
    orderOf(
      all,
      { nameOf: (i) => names[i], sizeKey: () => 0, mtime: () => 0, mode: () => 0 },
      { by: "name", asc: true },
    ),
  );
}

function handle(m: Request): [unknown, Transferable[]] {
  switch (m.op) {
    case "list": {
      const { read, names } = listShared(m.abs);
      if (names) remember(m.readId, names);
      return [{ read }, []];
    }
    case "stat": {
      // The thread that did not list the folder sorts its names first, then joins the stats.
      const nameOrder = m.nameOrder ? nameOrderOf(namesOf(m.read)) : undefined;
      return [{ links: statShared(m.read), nameOrder }, nameOrder ? [nameOrder.buffer as ArrayBuffer] : []];
    }
    case "finish": {
      const names = recentNames.get(m.readId) ?? null;
      const done = finishShared(m.read, m.links, names, m.nameOrder ?? nameOrderOf(names ?? namesOf(m.read)));
      if (done.names) remember(m.readId, done.names);
      // The folder's arrays are shared buffers: the main thread and the writers get them without a copy.
      return [{ folder: done.folder, nameOrder: done.order }, []];
    }
    case "order": {
      const order = bodyOrder(m.folder, namesFor(m.readId, m.folder), m.req, m.nameOrder);
      // Shared with the threads writing the body (sent to both without a copy).
      const shared = new Uint32Array(new SharedArrayBuffer(4 * order.length));
      shared.set(order);
      return [{ order: shared, ...bodyEnds(m.folder, m.req, order) }, []];
    }
    case "first": {
      const piece = startPiece(m.folder, m.req, m.order.length, m.head);
      started.set(m.key, writeItems(m.folder, namesFor(m.readId, m.folder), m.req, m.order, 0, m.to, piece));
      return [{}, []];
    }
    case "write": {
      const piece = writeItems(
        m.folder,
        namesFor(m.readId, m.folder),
        m.req,
        m.order,
        m.from,
        m.to,
        startPiece(m.folder, m.req, m.to - m.from, new Uint8Array(0)),
      );
      collect = piece.at >= GC_FROM_BYTES && "now";
      return [{ bytes: piece.buf.subarray(0, piece.at) }, [piece.buf.buffer as ArrayBuffer]];
    }
    case "end": {
      const piece = started.get(m.key);
      started.delete(m.key);
      if (!piece) throw new Error("no body started");
      const { json, etag } = endBody(piece, m.rest, m.tail);
      collect = json.length >= GC_FROM_BYTES && "soon";
      return [{ json, etag }, [json.buffer as ArrayBuffer]];
    }
  }
}

let lastMessage = 0;

port.onmessage = (e: MessageEvent<Request | Init>) => {
  const m = e.data;
  if (m.op === "init") {
    allowFfi(m.ffi);
    // Code warmed up while no request came in the last moment (a round takes a few ms).
    setTimeout(() => warmUp(() => performance.now() - lastMessage > 20), 50);
    return;
  }
  lastMessage = performance.now();
  try {
    const [answer, transfer] = handle(m);
    port.postMessage({ id: m.id, ...(answer as object) }, transfer);
    // A large folder leaves megabytes of short-lived strings and buffers in this thread: collected at once.
    if (collect === "now") Bun.gc(true);
    // After a whole body, the collection waits for the answer to be on its way (it would compete for the CPU).
    if (collect === "soon") setTimeout(() => Bun.gc(true), 150);
    collect = false;
  } catch (err) {
    const x = err as NodeJS.ErrnoException;
    port.postMessage({
      id: m.id,
      error: { message: String(x?.message ?? err), code: x?.code, errno: x?.errno, syscall: x?.syscall, path: x?.path },
    });
  }
};
