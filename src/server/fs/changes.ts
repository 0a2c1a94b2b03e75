/**
 * @module The change feed, the one place every write of the product reports to: operations call
 * fsWritten/fsRemoved/fsMoved with absolute paths on disk. Its subscribers are the file index (search/index-boot.ts
 * turns the paths into root-relative FsChange events) and the caches of the file system (the listing cache, through
 * onFsChangeAlso). Without a subscriber (tests of single modules, the CLI) the calls do nothing. It imports no feature:
 * features subscribe to it.
 */

/**
 * A change made by the product (upload, create, save, rename, move, copy, delete, unarchive, task outputs), with
 * root-relative virtual paths. `written` covers new and changed files and folders (a copied or extracted tree:
 * the index walks below a folder path itself).
 */
export type FsChange =
  | { readonly kind: "written"; readonly path: string }
  | { readonly kind: "removed"; readonly path: string }
  | { readonly kind: "moved"; readonly from: string; readonly to: string }
  /**
   * A name a folder watch told changed (search/tree-watch.ts): a file is upserted, a gone one removed, a folder the index
   * holds left as it is (what is below it has its own watch), another folder walked.
   */
  | { readonly kind: "seen"; readonly path: string };

type Listener = (change: FsChange) => void;

/** Total bytes below a root-relative folder, null when unknown. */
type SizeLookup = (path: string) => number | null;

let listener: { rootAbs: string; fn: Listener; size: SizeLookup } | null = null;

/**
 * Sets the listener of changes below `rootAbs` (an absolute, resolved path) and the folder size lookup the
 * listing asks; null removes them.
 */
export function onFsChange(rootAbs: string | null, fn?: Listener, size?: SizeLookup): void {
  listener = rootAbs && fn ? { rootAbs: rootAbs.replace(/\/+$/, ""), fn, size: size ?? (() => null) } : null;
}

/** Total bytes below the folder at `abs` as the index knows it, or null (no index, not built, outside the root). */
export function folderSizeOf(abs: string): number | null {
  if (!listener) return null;
  const path = virtualOf(listener.rootAbs, abs);
  return path ? listener.size(path) : null;
}

/** Root-relative virtual path of `abs`, or null when it is outside the root. */
function virtualOf(rootAbs: string, abs: string): string | null {
  const clean = abs.replace(/\/+$/, "");
  if (clean === rootAbs) return "/";
  return clean.startsWith(`${rootAbs}/`) ? clean.slice(rootAbs.length) : null;
}

const pathListeners: ((abs: string) => void)[] = [];

/**
 * Adds a listener of the absolute paths every write reports (a written, removed, moved-from or moved-to path), for
 * caches of the file system (the listing cache). It runs before the index listener and does not change it.
 */
export function onFsChangeAlso(fn: (abs: string) => void): void {
  pathListeners.push(fn);
}

function tellPaths(...paths: string[]): void {
  for (const fn of pathListeners) {
    for (const abs of paths) {
      try {
        fn(abs);
      } catch {
        // A cache that fails to forget is read afresh by its own checks; the write must not fail.
      }
    }
  }
}

function emit(make: (root: string) => FsChange | null): void {
  if (!listener) return;
  const change = make(listener.rootAbs);
  if (!change) return;
  try {
    listener.fn(change);
  } catch {
    // The index is a cache: a failed update is repaired by the next refresh and must not fail the write.
  }
}

/** Reports a new or changed file or folder (a folder is walked below). */
export function fsWritten(abs: string): void {
  tellPaths(abs);
  emit((root) => {
    const path = virtualOf(root, abs);
    return path ? { kind: "written", path } : null;
  });
}

/** Reports several written paths (a task's outputs), skipping those below another one (walked with it). */
export function fsWrittenAll(paths: Iterable<string>): void {
  const sorted = [...paths].map((p) => p.replace(/\/+$/, "")).sort();
  let last: string | null = null;
  for (const p of sorted) {
    if (last !== null && p.startsWith(`${last}/`)) continue;
    fsWritten(p);
    last = p;
  }
}

/** Reports a removed file or folder. */
export function fsRemoved(abs: string): void {
  tellPaths(abs);
  emit((root) => {
    const path = virtualOf(root, abs);
    return path ? { kind: "removed", path } : null;
  });
}

/** Reports a rename or move from `fromAbs` to `toAbs`. */
export function fsMoved(fromAbs: string, toAbs: string): void {
  tellPaths(fromAbs, toAbs);
  emit((root) => {
    const from = virtualOf(root, fromAbs);
    const to = virtualOf(root, toAbs);
    if (from && to) return { kind: "moved", from, to };
    if (to) return { kind: "written", path: to };
    return from ? { kind: "removed", path: from } : null;
  });
}
