/**
 * @module Where a share link points: stored as a path from the files root, read back through the owner's current
 * scope on every use, so a scope change can only narrow what a link reaches (docs/security.md "Share links").
 */
import { normalizeVirtualPath } from "../fs/scope";

/** The scope as a "/a/b" folder path ("/" for the whole root), the way the resolver reads it (fs/scope.ts scopeDir). */
function scopeFolder(scope: string): string {
  return normalizeVirtualPath(scope === "." ? "/" : scope).path;
}

/**
 * The files-root path of `virtualPath`, a path in `scope` as the API names it ("/" or "/a/b", a folder ending with
 * "/"): "/docs/" in scope "/users/ann" gives "/users/ann/docs/".
 */
export function rootPathOf(scope: string, virtualPath: string): string {
  const folder = scopeFolder(scope);
  return folder === "/" ? virtualPath : `${folder}${virtualPath}`;
}

/**
 * The path in `scope` of the files-root path `rootPath` (the inverse of rootPathOf), or null when it lies outside
 * that scope: a link whose owner's scope no longer holds its target reaches nothing.
 */
export function scopePathOf(scope: string, rootPath: string): string | null {
  const folder = scopeFolder(scope);
  if (folder === "/") return rootPath;
  return rootPath.startsWith(`${folder}/`) ? rootPath.slice(folder.length) : null;
}
