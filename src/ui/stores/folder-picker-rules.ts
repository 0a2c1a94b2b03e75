/** @module Pure rules of the move/copy folder picker (docs/product.md "Folder picker"). */
import { parentPath } from "../format/encode-path";

/** A row of the picker: a subfolder, or the parent entry "..". */
export interface PickerEntry {
  name: string;
  path: string;
  parent: boolean;
}

/** What the picker reads of a folder listing. */
export interface PickerFolder {
  path: string;
  items?: readonly { name: string; path: string; isDir: boolean }[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The rows of a folder: ".." first except at the root, then the subfolders by name. */
export function pickerEntries(folder: PickerFolder): PickerEntry[] {
  const dirs = (folder.items ?? [])
    .filter((i) => i.isDir)
    .map((i) => ({ name: i.name, path: i.path.endsWith("/") ? i.path : `${i.path}/`, parent: false }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return folder.path === "/" ? dirs : [{ name: "..", path: parentPath(folder.path), parent: true }, ...dirs];
}

/**
 * Clicking a row picks it; clicking the picked row again drops the pick (docs/product.md "Folder picker": clicking
 * again deselects).
 */
export function togglePick(picked: string | null, path: string): string | null {
  return picked === path ? null : path;
}

/** The destination: the picked folder, or else the folder being browsed. */
export function pickerDestination(browsing: string, picked: string | null): string {
  return picked ?? browsing;
}

function asDir(path: string): string {
  return path.endsWith("/") ? path : `${path}/`;
}

/**
 * Move and Copy are disabled when the destination is the current folder (docs/product.md "Folder picker"), and when it
 * is one of the folders being sent or inside one of them (the server refuses a folder into itself).
 */
export function canSubmitTo(destination: string, current: string, sources: readonly string[] = []): boolean {
  const dest = asDir(destination);
  if (dest === asDir(current)) return false;
  return !sources.some((s) => s.endsWith("/") && dest.startsWith(s));
}
