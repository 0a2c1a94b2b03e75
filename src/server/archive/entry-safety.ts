/**
 * @module Which archive entries would land outside the folder they are extracted into (pure; "zip slip"): names with
 * `..` segments or an absolute path, and symlinks whose target is absolute or climbs out of that folder.
 */

const ABSOLUTE = /^([/\\]|[A-Za-z]:)/;

/** The segments of a path in an archive, "/" and "\" both separating them (zip from Windows uses "\"). */
function segments(path: string): string[] {
  return path.split(/[/\\]+/).filter((s) => s !== "" && s !== ".");
}

/** True when the entry name is absolute (`/x`, `\x`, `C:x`) or holds a `..` segment. */
export function entryEscapes(path: string): boolean {
  return ABSOLUTE.test(path) || segments(path).includes("..");
}

/**
 * True when a symlink stored at `entryPath` (relative to the extraction folder) with target `target` points outside
 * that folder: an absolute target, or a relative one that climbs above the folder at any step.
 */
export function linkEscapes(entryPath: string, target: string): boolean {
  if (target === "" || ABSOLUTE.test(target)) return true;
  let depth = segments(entryPath).length - 1;
  for (const seg of segments(target)) {
    depth += seg === ".." ? -1 : 1;
    if (depth < 0) return true;
  }
  return false;
}
