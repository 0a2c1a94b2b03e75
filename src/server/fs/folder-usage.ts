/**
 * @module Total size and file/folder counts of a tree (File info of a folder): an asynchronous walk with
 * fs.promises (opendir, lstat in batches, a bounded number of folders read at once), never blocking the event
 * loop, following the user's view and rules, never following symlinks, and stopping when the request aborts.
 */
import { lstat, opendir, realpath, stat } from "node:fs/promises";
import type { Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { limiter } from "../limiter";
import type { FolderUsage } from "../../shared/wire/folder-usage";

/** Folder usage (GET ?usage=true): directories read at once, so a big tree never holds more open handles than this. */
const USAGE_DIR_CONCURRENCY = 4;
/** Folder usage: entries stat'ed together per batch, between which the walk checks whether the client went away. */
const USAGE_STAT_BATCH = 64;

export type { FolderUsage };

export interface UsageRequest {
  /** Absolute scope folder of the user (symlink targets must stay inside it). */
  scopeAbs: string;
  /** The folder (or file) to measure, absolute, and its virtual path in the scope. */
  abs: string;
  path: string;
  /** Names starting with "." count only when the user shows hidden files (as in listings and their counts). */
  showHidden: boolean;
  /** The user's rules over virtual paths: a denied entry is neither counted nor entered. */
  isVisible: (virtualPath: string) => boolean;
  signal: AbortSignal;
}

interface Folder {
  abs: string;
  /** Virtual path without a trailing slash ("" for the scope root). */
  base: string;
}

/**
 * Measures `abs`: for a file its own size; for a folder everything below it (the folder itself is not
 * counted). A symbolic link counts as one file or folder, as its target, when that target is inside the
 * scope and allowed, and is never entered. Unreadable or vanished entries below are skipped.
 * @throws the fs error of `abs` itself (ENOENT -> 404); the signal's reason (an AbortError) once it aborts.
 */
export async function folderUsage(req: UsageRequest): Promise<FolderUsage> {
  req.signal.throwIfAborted();
  const root = await realpath(req.abs);
  const st = await stat(root);
  if (!st.isDirectory()) return { size: st.size, numFiles: 1, numDirs: 0 };
  const scopeReal = await realpath(req.scopeAbs);
  const total: FolderUsage = { size: 0, numFiles: 0, numDirs: 0 };
  const limit = limiter(USAGE_DIR_CONCURRENCY);
  const walk = async (folder: Folder): Promise<void> => {
    const below = await limit(() => readFolder(folder, req, scopeReal, total));
    await Promise.all(below.map(walk));
  };
  await walk({ abs: root, base: req.path === "/" ? "" : req.path.replace(/\/+$/, "") });
  return total;
}

/** Reads one folder in batches; adds its files and links to `total` and answers the subfolders to enter. */
async function readFolder(folder: Folder, req: UsageRequest, scopeReal: string, total: FolderUsage): Promise<Folder[]> {
  req.signal.throwIfAborted();
  const below: Folder[] = [];
  let dir;
  try {
    dir = await opendir(folder.abs, { bufferSize: USAGE_STAT_BATCH });
  } catch {
    return below; // unreadable or vanished meanwhile
  }
  let batch: Dirent[] = [];
  const flush = async () => {
    req.signal.throwIfAborted();
    await Promise.all(batch.map((ent) => countEntry(ent, folder, req, scopeReal, total, below)));
    batch = [];
  };
  for await (const ent of dir) {
    if (ent.name.startsWith(UPLOAD_TEMP_PREFIX) || (!req.showHidden && ent.name.startsWith("."))) continue;
    if (!req.isVisible(`${folder.base}/${ent.name}`)) continue;
    batch.push(ent);
    if (batch.length >= USAGE_STAT_BATCH) await flush();
  }
  await flush();
  return below;
}

async function countEntry(
  ent: Dirent,
  folder: Folder,
  req: UsageRequest,
  scopeReal: string,
  total: FolderUsage,
  below: Folder[],
): Promise<void> {
  const abs = join(folder.abs, ent.name);
  const base = `${folder.base}/${ent.name}`;
  try {
    if (ent.isSymbolicLink()) {
      if (!(await linkAllowed(abs, scopeReal, req.isVisible))) return;
      if ((await stat(abs)).isDirectory()) total.numDirs++;
      else total.numFiles++;
      return;
    }
    if (ent.isDirectory()) {
      total.numDirs++;
      below.push({ abs, base });
      return;
    }
    const st = await lstat(abs);
    if (st.isDirectory()) {
      total.numDirs++; // a file system that reports no entry types
      below.push({ abs, base });
    } else {
      total.numFiles++;
      total.size += st.size;
    }
  } catch {
    // vanished meanwhile, or a dangling link: left out, as the listing does
  }
}

/** A link counts only when its real target is inside the scope and allowed by the rules (as in listings). */
async function linkAllowed(
  abs: string,
  scopeReal: string,
  isVisible: (virtualPath: string) => boolean,
): Promise<boolean> {
  const real = await realpath(abs);
  const rel = relative(scopeReal, real);
  if (rel === ".." || rel.startsWith(`..${sep}`)) return false;
  return isVisible(rel ? `/${rel.split(sep).join("/")}` : "/");
}
