/** @module Pure rules for what an archive holds: the parsed `files=` list, the common base folder and entry names. */
import { normalizeVirtualPath } from "../fs/scope";
import { FsError } from "../fs/fs-error";

/**
 * Splits the `files` query value (already decoded once as a query parameter) into virtual paths.
 * Each comma-separated part is itself URL-encoded (so names may hold commas as %2C), as the download
 * dialog sends it: `?files=` + encodeURIComponent(paths.map(encodeURIComponent).join(",")).
 * Paths are relative to the user's scope; the leading "/" is optional. Empty parts are ignored.
 * @throws FsError OUTSIDE_SCOPE (403) for `..` segments, NUL bytes or broken encoding.
 */
export function parseFilesParam(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(",")) {
    if (part.trim() === "") continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      throw new FsError("OUTSIDE_SCOPE", "malformed path encoding");
    }
    out.push(normalizeVirtualPath(decoded).path);
  }
  return out;
}

/**
 * Sorted, de-duplicated selection without paths that lie inside another selected folder
 * (["/a", "/a/b", "/c"] gives ["/a", "/c"]): each file enters the archive once. Linear in the number of
 * paths times their depth, so a selection of thousands stays fast.
 */
export function topLevelPaths(paths: readonly string[]): string[] {
  const set = new Set(paths);
  if (set.has("/")) return ["/"];
  const hasSelectedAncestor = (p: string) => {
    for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) if (set.has(p.slice(0, i))) return true;
    return false;
  };
  return [...set].filter((p) => !hasSelectedAncestor(p)).sort();
}

function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/**
 * The folder entry names are relative to: the deepest common parent of the selected paths. A selected
 * folder therefore enters the archive as its own top folder ("/docs" gives "docs/..."), so extracting
 * never scatters files; several items from different folders keep the folders that tell them apart.
 * The scope root selected alone is its own base (its content enters without a top folder).
 */
export function archiveBase(paths: readonly string[]): string {
  if (paths.length === 0) return "/";
  if (paths.length === 1 && paths[0] === "/") return "/";
  const parents = paths.map((p) => (p === "/" ? "/" : parentOf(p)).split("/").filter(Boolean));
  const common: string[] = [];
  for (let i = 0; parents.every((segs) => i < segs.length && segs[i] === parents[0][i]); i++)
    common.push(parents[0][i]);
  return "/" + common.join("/");
}

/** Name of the entry for `path` under `base`: "/docs/a.txt" under "/" is "docs/a.txt"; the base itself is "". */
export function entryName(base: string, path: string): string {
  if (path === base) return "";
  return base === "/" ? path.slice(1) : path.slice(base.length + 1);
}

/**
 * The downloaded file's name: `<folder or file>.<ext>` for one selected item, `download.<ext>` for several
 * or for the scope root (it has no name of its own).
 */
export function archiveFileName(paths: readonly string[], extension: string): string {
  const single = paths.length === 1 && paths[0] !== "/" ? paths[0].split("/").pop() : undefined;
  return `${single || "download"}.${extension}`;
}

/**
 * `filter` that also leaves out every path with a name starting with "." below the folder `base` (a virtual path):
 * what a public share's listing hides stays out of the share's archives too (docs/security.md "Archives").
 */
export function withoutDotNamesBelow(
  filter: (virtualPath: string) => boolean,
  base: string,
): (virtualPath: string) => boolean {
  const root = base.endsWith("/") ? base : `${base}/`;
  return (p) =>
    filter(p) &&
    !(
      p.startsWith(root) &&
      p
        .slice(root.length)
        .split("/")
        .some((name) => name.startsWith("."))
    );
}
