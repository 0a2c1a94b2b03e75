/**
 * @module Applies one FsChange to the index at once: a written file is upserted, a written folder is walked below
 * (synchronously: it was just written by the product, so it is as large as that write), removed paths drop their
 * subtree, moves are a removal plus a write of the new place; a name a folder watch told is written unless it is a
 * folder the index already holds. Folder totals of the ancestors follow each change.
 */
import { posix } from "node:path";
import type { LayeredStore } from "./index-layers";
import { isTempName } from "../fs/temp-name";
import { entryAt, rollUpTotals, walkBelow, type WalkExclusions } from "./index-walker";
import type { FsChange } from "../fs/changes";
import type { FolderTotals, IndexEntry } from "./types";

/** Totals a path contributes to its ancestors: a file its size, a folder itself plus everything below. */
function contribution(store: LayeredStore, path: string): FolderTotals | null {
  const e = store.entry(path);
  if (!e) return null;
  if (!e.isDir) return { size: e.size, numFiles: 1, numDirs: 0 };
  const t = store.totals(path) ?? { size: 0, numFiles: 0, numDirs: 0 };
  return { size: t.size, numFiles: t.numFiles, numDirs: t.numDirs + 1 };
}

function negate(t: FolderTotals): FolderTotals {
  return { size: -t.size, numFiles: -t.numFiles, numDirs: -t.numDirs };
}

function remove(store: LayeredStore, path: string): void {
  const before = contribution(store, path);
  store.removeTree(path);
  if (before) store.addToAncestors(path, negate(before));
}

/** Adds the missing folders above `path` (an upload may create parents), with empty totals. */
function ensureParents(store: LayeredStore, rootAbs: string, path: string): void {
  const parent = posix.dirname(path);
  if (parent === "/" || store.entry(parent)) return;
  ensureParents(store, rootAbs, parent);
  const e = entryAt(rootAbs + parent, parent, posix.basename(parent));
  if (!e) return;
  store.upsert(e);
  store.setTotals(new Map([[parent, { size: 0, numFiles: 0, numDirs: 0 }]]), false);
  store.addToAncestors(parent, { size: 0, numFiles: 0, numDirs: 1 });
}

/** Entries a change indexes at once; a larger folder (a big copy or move) goes on in slices of this size. */
export const APPLY_SLICE = 2000;

/** The rest of a folder walk a change left for later slices (see continueWalk). */
export interface PendingWalk {
  readonly path: string;
  readonly it: Generator<IndexEntry>;
  readonly direct: Map<string, { size: number; numFiles: number; numDirs: number }>;
}

/** Upserts up to APPLY_SLICE entries of `walk`; true when the walk is done. */
function walkSlice(store: LayeredStore, walk: PendingWalk): boolean {
  for (let n = 0; n < APPLY_SLICE; n++) {
    const r = walk.it.next();
    if (r.done) return true;
    store.upsert(r.value);
  }
  return false;
}

/** Sets the totals of a walked folder and adds them to its ancestors. */
function finishWalk(store: LayeredStore, walk: PendingWalk): void {
  const totals = rollUpTotals(walk.direct);
  store.setTotals(totals, false);
  const t = totals.get(walk.path) ?? { size: 0, numFiles: 0, numDirs: 0 };
  store.addToAncestors(walk.path, { size: t.size, numFiles: t.numFiles, numDirs: t.numDirs + 1 });
}

/** Called with each folder a walk enters, before reading it (walkBelow onFolder): the index's tree watch. */
export type OnFolder = (abs: string, path: string) => void;

function write(
  store: LayeredStore,
  rootAbs: string,
  ex: WalkExclusions,
  path: string,
  onFolder?: OnFolder,
): PendingWalk | null {
  if (path === "/") return null;
  const name = posix.basename(path);
  // A task reports its tracked outputs, temp names among them: those are never indexed.
  if (isTempName(name)) return null;
  ensureParents(store, rootAbs, path);
  const e = entryAt(rootAbs + path, path, name);
  if (!e) {
    remove(store, path);
    return null;
  }
  const before = contribution(store, path);
  if (before) store.addToAncestors(path, negate(before));
  if (e.isDir) store.removeTree(path);
  store.upsert(e);
  if (!e.isDir) {
    store.addToAncestors(path, { size: e.size, numFiles: 1, numDirs: 0 });
    return null;
  }
  const direct = new Map<string, { size: number; numFiles: number; numDirs: number }>();
  const walk: PendingWalk = { path, it: walkBelow(rootAbs + path, path, ex, direct, undefined, onFolder), direct };
  if (!walkSlice(store, walk)) return walk;
  finishWalk(store, walk);
  return null;
}

/**
 * Applies `change` (root-relative paths) in one transaction. A written folder of more than APPLY_SLICE entries is
 * indexed up to there; the rest is returned for continueWalk, so a big copy never holds the event loop.
 */
export function applyChange(
  store: LayeredStore,
  rootAbs: string,
  ex: WalkExclusions,
  change: FsChange,
  onFolder?: OnFolder,
): PendingWalk | null {
  return store.db.transaction(() => {
    if (change.kind === "removed") {
      remove(store, change.path);
      return null;
    }
    if (change.kind === "written") return write(store, rootAbs, ex, change.path, onFolder);
    if (change.kind === "seen")
      return unchangedFolder(store, rootAbs, change.path) ? null : write(store, rootAbs, ex, change.path, onFolder);
    remove(store, change.from);
    return write(store, rootAbs, ex, change.to, onFolder);
  })();
}

/**
 * True when `path` is a folder now and the index holds it as one: a watch told of its mode, owner or times, and
 * what is below it has its own watch (a folder replaced lost its watch, and the tree watch writes it whole).
 */
function unchangedFolder(store: LayeredStore, rootAbs: string, path: string): boolean {
  if (!store.entry(path)?.isDir) return false;
  return entryAt(rootAbs + path, path, posix.basename(path))?.isDir ?? false;
}

/**
 * Indexes the rest of `walk` one slice per turn of the event loop (a transaction each); `stopped()` ends it early
 * (the index closed). Entries are read and written in the same slice, so a change made meanwhile is never undone.
 */
export async function continueWalk(store: LayeredStore, walk: PendingWalk, stopped: () => boolean): Promise<void> {
  try {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stopped()) return;
      if (store.db.transaction(() => walkSlice(store, walk))()) break;
    }
    store.db.transaction(() => finishWalk(store, walk))();
  } finally {
    walk.it.return(undefined);
  }
}
