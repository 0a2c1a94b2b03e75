/**
 * @module Moves extracted entries from their temporary folder into the output folder (same filesystem, so every
 * move is a rename): the one-top-level rule of docs/interfaces.md "Task outputs", and overwrite or skip for names that
 * exist. Paths are raw bytes, like extracted-tree.ts, so names left in a legacy encoding move too.
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, renameSync, type Stats } from "node:fs";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { fdPath, O_PATH } from "../fs/beneath";
import { childPath, rawEntries } from "./extracted-tree";

/** How entries are placed. */
export interface PlaceOptions {
  /** Replace existing files (true) or keep them and skip the extracted ones (false). */
  overwrite: boolean;
  /** The folder every entry goes into (wrapFolderOf), or null to place them as they are. */
  wrap: string | null;
  /** Called with each path about to be created in the output folder, relative to it ("a/b" as UTF-8), before it is. */
  onCreate?: (rel: string) => void;
}

/** What placing did. */
export interface PlaceResult {
  /** Top-level names now in the output folder that came from the archive (one with oneTopLevel). */
  top: string[];
  /** Entries that existed and were kept (skip mode). */
  skipped: number;
  /** Entries that existed and were replaced (overwrite mode). */
  replaced: number;
  /**
   * What the replaced entries were set aside as: where each lies now (inside the temp folder, until the caller
   * removes it) and its path relative to the output folder, so the caller can keep a file's bytes as a version.
   */
  aside: { at: string; rel: string }[];
}

function lstatOrNull(p: Buffer): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

/**
 * docs/interfaces.md "Task outputs" one top-level: with `oneTopLevel`, the entries of `tempDir` are wrapped in a new
 * folder `wrapName` (the archive's name without its extensions) unless they are one single folder already. Returns the
 * wrapping folder's name, or null when the entries are placed as they are.
 */
export function wrapFolderOf(tempDir: string, oneTopLevel: boolean, wrapName: string): string | null {
  if (!oneTopLevel) return null;
  const temp = Buffer.from(tempDir);
  const tops = rawEntries(temp);
  const single = tops.length === 1 && lstatSync(childPath(temp, tops[0]!)).isDirectory();
  return single ? null : wrapName;
}

/** O_PATH (asm-generic/fcntl.h), as fs/beneath.ts has it: a folder opened only to name paths inside it. */
const O_PATH_DIR = O_PATH | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/**
 * Runs `fn` with the folder `path` held open (never through a symlink in its last step) and named by its descriptor
 * (`/proc/self/fd/N`), so what `fn` creates, renames or removes in it stays in that very folder whatever becomes of
 * its name meanwhile (docs/security.md "Paths and races"). Null, without calling `fn`, when `path` is no longer a
 * folder (swapped for a link or a file since it was looked at).
 */
function inOpenedFolder<T>(path: Buffer, fn: (dir: Buffer) => T): T | null {
  let fd: number;
  try {
    fd = openSync(path, O_PATH_DIR);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOTDIR" || (err as NodeJS.ErrnoException).code === "ENOENT")
      return null;
    throw err;
  }
  try {
    return fn(Buffer.from(fdPath(fd)));
  } finally {
    closeSync(fd);
  }
}

/**
 * Moves the content of `tempDir` into `outDir` (both absolute, `tempDir` a folder of the task's own inside `outDir`'s
 * filesystem; give `outDir` as a pinned folder's `/proc/self/fd/N` path, and `tempDir` under it, so no name is
 * resolved from the scope again). A folder that exists (a real folder, never a symlink to one) is merged entry by
 * entry, each one opened without following links; any other existing name is replaced or skipped as `o.overwrite`
 * says. A replaced entry is first moved into `tempDir`, which only the server can reach, and removed with it by the
 * caller: a removal never walks a tree that a user can still rename.
 */
export function placeEntries(tempDir: string, outDir: string, o: PlaceOptions): PlaceResult {
  const temp = Buffer.from(tempDir);
  const out = Buffer.from(outDir);
  const tops = rawEntries(temp);
  const result: PlaceResult = { top: [], skipped: 0, replaced: 0, aside: [] };
  const setAside = (dest: Buffer, rel: Buffer) => {
    const at = childPath(temp, Buffer.from(`${UPLOAD_TEMP_PREFIX}replaced-${result.replaced}`));
    renameSync(dest, at);
    result.aside.push({ at: at.toString(), rel: rel.toString() });
  };
  const merge = (src: Buffer, destDir: Buffer, name: Buffer, rel: Buffer) => {
    const dest = childPath(destDir, name);
    const d = lstatOrNull(dest);
    if (!d) {
      o.onCreate?.(rel.toString());
      renameSync(src, dest);
      return;
    }
    if (d.isDirectory() && lstatSync(src).isDirectory()) {
      const merged = inOpenedFolder(dest, (dir) => {
        for (const child of rawEntries(src)) merge(childPath(src, child), dir, child, childPath(rel, child));
        return true;
      });
      if (merged) return;
    }
    if (!o.overwrite) {
      result.skipped++;
      return;
    }
    setAside(dest, rel);
    renameSync(src, dest);
    result.replaced++;
  };
  if (o.wrap !== null) {
    const wrapName = Buffer.from(o.wrap);
    const wrap = childPath(out, wrapName);
    const existing = lstatOrNull(wrap);
    result.top.push(o.wrap);
    if (existing && !existing.isDirectory()) {
      if (!o.overwrite) return { ...result, skipped: result.skipped + 1 };
      setAside(wrap, wrapName);
      result.replaced++;
    }
    if (!existing?.isDirectory()) {
      o.onCreate?.(o.wrap);
      mkdirSync(wrap);
    }
    const placed = inOpenedFolder(wrap, (dir) => {
      for (const name of tops) merge(childPath(temp, name), dir, name, childPath(wrapName, name));
      return true;
    });
    return placed ? result : { ...result, skipped: result.skipped + 1 };
  }
  for (const name of tops) {
    merge(childPath(temp, name), out, name, name);
    result.top.push(name.toString());
  }
  return result;
}
