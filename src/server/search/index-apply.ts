/**
 * @module Applies one FsChange to the index at once: a written file is upserted, a written folder is walked below
 * (synchronously: it was just written by the product, so it is as large as that write), removed paths drop their
 * subtree, moves are a removal plus a write of the new place. Folder totals of the ancestors follow each change.
 */
import { posix } from "node:path";
import type { LayeredStore } from "./index-layers";
import { entryAt, rollUpTotals, walkBelow, type WalkExclusions } from "./index-walker";
import type { FolderTotals, FsChange } from "./types";

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

function write(store: LayeredStore, rootAbs: string, ex: WalkExclusions, path: string): void {
  if (path === "/") return;
  ensureParents(store, rootAbs, path);
  const name = posix.basename(path);
  const e = entryAt(rootAbs + path, path, name);
  if (!e) return remove(store, path);
  const before = contribution(store, path);
  if (before) store.addToAncestors(path, negate(before));
  if (e.isDir) store.removeTree(path);
  store.upsert(e);
  if (!e.isDir) return store.addToAncestors(path, { size: e.size, numFiles: 1, numDirs: 0 });
  const direct = new Map<string, { size: number; numFiles: number; numDirs: number }>();
  for (const child of walkBelow(rootAbs + path, path, ex, direct)) store.upsert(child);
  const totals = rollUpTotals(direct);
  store.setTotals(totals, false);
  const t = totals.get(path) ?? { size: 0, numFiles: 0, numDirs: 0 };
  store.addToAncestors(path, { size: t.size, numFiles: t.numFiles, numDirs: t.numDirs + 1 });
}

/** Applies `change` (root-relative paths) in one transaction. */
export function applyChange(store: LayeredStore, rootAbs: string, ex: WalkExclusions, change: FsChange): void {
  store.db.transaction(() => {
    if (change.kind === "removed") remove(store, change.path);
    else if (change.kind === "written") write(store, rootAbs, ex, change.path);
    else {
      remove(store, change.from);
      write(store, rootAbs, ex, change.to);
    }
  })();
}
