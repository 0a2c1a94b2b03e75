/**
 * @module Moves extracted entries from their temporary folder into the output folder (same filesystem, so every
 * move is a rename): the one-top-level rule of CONTRACT "Tasks", and overwrite or skip for names that exist.
 * Paths are raw bytes, like extracted-tree.ts, so names left in a legacy encoding move too.
 */
import { lstatSync, mkdirSync, renameSync, rmSync, type Stats } from "node:fs";
import { childPath, rawEntries } from "./extracted-tree";

/** How entries are placed. */
export interface PlaceOptions {
  /** Replace existing files (true) or keep them and skip the extracted ones (false). */
  overwrite: boolean;
  /** The folder every entry goes into (wrapFolderOf), or null to place them as they are. */
  wrap: string | null;
  /** Called with each path about to be created in the output folder, before it is. */
  onCreate?: (abs: string) => void;
}

/** What placing did. */
export interface PlaceResult {
  /** Top-level names now in the output folder that came from the archive (one with oneTopLevel). */
  top: string[];
  /** Entries that existed and were kept (skip mode). */
  skipped: number;
  /** Entries that existed and were replaced (overwrite mode). */
  replaced: number;
}

function lstatOrNull(p: Buffer): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

/**
 * CONTRACT "Tasks" one top-level: with `oneTopLevel`, the entries of `tempDir` are wrapped in a new folder
 * `wrapName` (the archive's name without its extensions) unless they are one single folder already. Returns the
 * wrapping folder's name, or null when the entries are placed as they are.
 */
export function wrapFolderOf(tempDir: string, oneTopLevel: boolean, wrapName: string): string | null {
  if (!oneTopLevel) return null;
  const temp = Buffer.from(tempDir);
  const tops = rawEntries(temp);
  const single = tops.length === 1 && lstatSync(childPath(temp, tops[0]!)).isDirectory();
  return single ? null : wrapName;
}

/**
 * Moves the content of `tempDir` into `outDir` (both absolute, `tempDir` inside `outDir`'s filesystem). A folder
 * that exists (a real folder, never a symlink to one) is merged entry by entry; any other existing name is
 * replaced or skipped as `o.overwrite` says.
 */
export function placeEntries(tempDir: string, outDir: string, o: PlaceOptions): PlaceResult {
  const temp = Buffer.from(tempDir);
  const out = Buffer.from(outDir);
  const tops = rawEntries(temp);
  const result: PlaceResult = { top: [], skipped: 0, replaced: 0 };
  const merge = (src: Buffer, dest: Buffer) => {
    const d = lstatOrNull(dest);
    if (!d) {
      o.onCreate?.(dest.toString());
      renameSync(src, dest);
      return;
    }
    if (d.isDirectory() && lstatSync(src).isDirectory()) {
      for (const name of rawEntries(src)) merge(childPath(src, name), childPath(dest, name));
      return;
    }
    if (!o.overwrite) {
      result.skipped++;
      return;
    }
    rmSync(dest, { recursive: true, force: true });
    renameSync(src, dest);
    result.replaced++;
  };
  if (o.wrap !== null) {
    const wrap = childPath(out, Buffer.from(o.wrap));
    const existing = lstatOrNull(wrap);
    result.top.push(o.wrap);
    if (existing && !existing.isDirectory()) {
      if (!o.overwrite) return { ...result, skipped: result.skipped + 1 };
      rmSync(wrap, { force: true });
      result.replaced++;
    }
    if (!existing?.isDirectory()) {
      o.onCreate?.(wrap.toString());
      mkdirSync(wrap);
    }
    for (const name of tops) merge(childPath(temp, name), childPath(wrap, name));
    return result;
  }
  for (const name of tops) {
    merge(childPath(temp, name), childPath(out, name));
    result.top.push(name.toString());
  }
  return result;
}
