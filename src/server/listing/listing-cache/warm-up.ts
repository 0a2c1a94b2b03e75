/**
 * @module Warms a folder worker's code up once it starts: a few rounds of the read and body steps over a made-up
 * folder (no disk but stats of "/"), one round per turn of the thread's loop, so the first large folder listed is
 * not the one that pays for compiling them (measured: a first 100k listing took 2-3 times as long as later ones).
 */
import { bodyEnds, bodyOrder, endBody, startPiece, writeItems } from "../compact-body";
import { IS_DIR, type CompactFolder } from "./compact";
import { orderOf } from "./natural-key";
import { finishShared, statShared, type SharedRead } from "./read-compact";

const ENTRIES = 4096;
const ROUNDS = 12;

function madeUp(): { folder: CompactFolder; names: string[] } {
  const names = Array.from({ length: ENTRIES }, (_, i) =>
    i % 97 === 0 ? `Folder ${i}` : `warm-${i % 13}-${i}.${["txt", "jpg", "mkv", "pdf"][i % 4]}`,
  );
  const bytes = new TextEncoder().encode(names.join(""));
  const nameEnds = new Uint32Array(ENTRIES);
  let at = 0;
  names.forEach((n, i) => (nameEnds[i] = at += n.length));
  const flags = Uint8Array.from(names, (n) => (n.startsWith("Folder") ? IS_DIR : 0));
  const size = Float64Array.from(names, (_, i) => i * 37);
  const mtime = Float64Array.from(names, (_, i) => 1.7e12 + i * 1001.5);
  const mode = Float64Array.from(names, (_, i) => (flags[i] ? 2 ** 31 + 0o755 : 0o644));
  return { folder: { count: ENTRIES, names: bytes, nameEnds, size, mtime, mode, flags, links: [] }, names };
}

/** Stats of "/" named "." over and over: the stat loop and its ffi calls. */
function madeUpRead(): SharedRead {
  const n = ENTRIES / 4;
  const nameBuf = new Uint8Array(2 * n + 1);
  const starts = new Uint32Array(n + 1);
  for (let i = 0; i <= n; i++) starts[i] = 2 * i;
  for (let i = 0; i < n; i++) nameBuf[2 * i] = 46;
  return {
    abs: "/",
    count: n,
    nameBuf,
    starts,
    size: new Float64Array(n),
    mtime: new Float64Array(n),
    mode: new Float64Array(n),
    flags: new Uint8Array(n),
    next: new Int32Array(1),
  };
}

function round(r: number): void {
  const { folder, names } = madeUp();
  const nameOf = (i: number) => names[i];
  const sorting = { by: (["name", "modified", "size", "name"] as const)[r % 4], asc: r % 3 !== 1 };
  const nameOrder = Uint32Array.from(
    orderOf(
      Array.from(names.keys()),
      { nameOf, sizeKey: () => 0, mtime: () => 0, mode: () => 0 },
      { by: "name", asc: true },
    ),
  );
  const req = {
    prefix: "{",
    base: "/warm",
    showHidden: false,
    canModify: r % 2 === 0,
    sorting,
    dirSizes: new Float64Array(ENTRIES).fill(Number.NaN),
  };
  const order = bodyOrder(folder, nameOf, req, nameOrder);
  const { head, tail } = bodyEnds(folder, req, order);
  endBody(
    writeItems(folder, nameOf, req, order, 0, order.length, startPiece(folder, req, order.length, head)),
    null,
    tail,
  );
  const read = madeUpRead();
  finishShared(
    read,
    statShared(read),
    Array.from({ length: read.count }, () => "."),
  );
}

/** Runs the warm-up rounds, each on its own turn, while `idle` holds (else a little later). */
export function warmUp(idle: () => boolean, r = 0): void {
  if (r >= ROUNDS) return;
  if (!idle()) {
    setTimeout(() => warmUp(idle, r), 100);
    return;
  }
  try {
    round(r);
  } catch {
    return; // a warm-up is never worth an error
  }
  setTimeout(() => warmUp(idle, r + 1), 0);
}
