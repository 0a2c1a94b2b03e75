/**
 * @module The walk of the index: a synchronous generator of entries below a folder (one directory handle open at
 * a time, lstat per entry, symlinks indexed as links and never followed), plus the folder totals of what it saw.
 * The builder consumes it in slices so the event loop is never held for long; apply() consumes small subtrees whole.
 */
import { lstatSync, opendirSync } from "node:fs";
import { typeFromName } from "../fs/file-type";
import { isTempName } from "../fs/temp-name";
import type { FolderTotals, IndexEntry } from "./types";

/** Which folders the walk skips: absolute virtual paths ("/a/b") or bare folder names ("node_modules"). */
export interface WalkExclusions {
  readonly paths: ReadonlySet<string>;
  readonly names: ReadonlySet<string>;
}

/** Builds the exclusions from the `excludeIndexDirs` setting (entries starting with "/" are paths, others names). */
export function exclusionsOf(dirs: readonly string[]): WalkExclusions {
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const raw of dirs) {
    const d = raw.trim().replace(/\/+$/, "");
    if (!d) continue;
    if (d.startsWith("/")) paths.add(d);
    else names.add(d);
  }
  return { paths, names };
}

/** True when the folder at virtual `path` named `name` is excluded. */
export function isExcluded(ex: WalkExclusions, path: string, name: string): boolean {
  return ex.paths.has(path) || ex.names.has(name);
}

/** Joins a virtual folder path and a name ("/" + "a" = "/a"). */
export function childPath(parent: string, name: string): string {
  return parent === "/" ? `/${name}` : `${parent}/${name}`;
}

/** The entry of one lstat'ed name; null when it vanished. */
export function entryAt(abs: string, path: string, name: string): IndexEntry | null {
  let st;
  try {
    st = lstatSync(abs);
  } catch {
    return null;
  }
  const isDir = st.isDirectory();
  return {
    path,
    name,
    isDir,
    size: isDir ? 0 : st.size,
    mtimeMs: Math.trunc(st.mtimeMs),
    type: isDir ? "" : (typeFromName(name) ?? "blob"),
  };
}

/**
 * Yields every entry below the folder `rootAbs` whose virtual path is `rootPath` (not the folder itself), depth
 * first. Unreadable folders are skipped. `totals` (when given) receives the direct sums of each folder seen, keyed
 * by virtual path; see rollUpTotals. Temp files and folders (temp-name.ts) are never indexed nor entered: their
 * absolute paths go to `onTemp` (the temp sweeper), so the start walk is also the sweep of the whole root.
 * `onFolder` is called with each folder's absolute and virtual path before it is read (the folder itself first).
 */
export function* walkBelow(
  rootAbs: string,
  rootPath: string,
  ex: WalkExclusions,
  totals?: Map<string, { size: number; numFiles: number; numDirs: number }>,
  onTemp?: (abs: string) => void,
  onFolder?: (abs: string, path: string) => void,
): Generator<IndexEntry> {
  const stack: Array<[string, string]> = [[rootAbs, rootPath]];
  while (stack.length > 0) {
    const [dirAbs, dirPath] = stack.pop()!;
    // Watched before it is read (tree-watch.ts), so a name added meanwhile is told by the watch.
    onFolder?.(dirAbs, dirPath);
    let handle;
    try {
      handle = opendirSync(dirAbs, { bufferSize: 256 });
    } catch {
      continue;
    }
    const own = { size: 0, numFiles: 0, numDirs: 0 };
    totals?.set(dirPath, own);
    try {
      for (let d = handle.readSync(); d !== null; d = handle.readSync()) {
        const path = childPath(dirPath, d.name);
        const abs = `${dirAbs}/${d.name}`;
        if (isTempName(d.name)) {
          onTemp?.(abs);
          continue;
        }
        if (d.isDirectory() && isExcluded(ex, path, d.name)) continue;
        const e = entryAt(abs, path, d.name);
        if (!e) continue;
        if (e.isDir) {
          own.numDirs++;
          stack.push([abs, path]);
        } else {
          own.numFiles++;
          own.size += e.size;
        }
        yield e;
      }
    } finally {
      handle.closeSync();
    }
  }
}

/** Turns direct sums per folder into totals of everything below each folder (children added to parents). */
export function rollUpTotals(
  direct: Map<string, { size: number; numFiles: number; numDirs: number }>,
): Map<string, FolderTotals> {
  const paths = [...direct.keys()].sort((a, b) => depth(b) - depth(a));
  for (const p of paths) {
    if (p === "/") continue;
    const parent = direct.get(p.slice(0, p.lastIndexOf("/")) || "/");
    const t = direct.get(p)!;
    if (parent) {
      parent.size += t.size;
      parent.numFiles += t.numFiles;
      parent.numDirs += t.numDirs;
    }
  }
  return direct;
}

function depth(p: string): number {
  let n = 0;
  for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) === 47) n++;
  return p === "/" ? 0 : n;
}
