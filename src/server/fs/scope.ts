/** @module The one resolver from request paths to disk paths inside a user's scope; refuses every escape. */
import { realpathSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { FsError } from "./fs-error";
import { hasKeptDirName } from "./temp-name";

/** A request path checked against a scope. */
export interface ScopedPath {
  /** Virtual path inside the scope: starts with "/", no trailing slash except the scope root "/". */
  path: string;
  /** Absolute path on disk (not symlink-resolved). */
  abs: string;
  /**
   * The scope folder on disk it was resolved in: open the path beneath it (fs/beneath.ts) instead of opening `abs`,
   * which a swapped parent folder could send elsewhere after the check.
   */
  scope: string;
  /** True when the request named a directory (trailing "/"). */
  wantsDir: boolean;
}

/**
 * Decodes a raw URL path (still percent-encoded) once, segment by segment, into a virtual path.
 * Refuses (FsError OUTSIDE_SCOPE -> 403) `..` segments, encoded slashes or backslashes (`%2F`, `%5C`),
 * NUL bytes and malformed percent-encoding. Empty and `.` segments are dropped.
 */
export function decodeRequestPath(raw: string): { path: string; wantsDir: boolean } {
  const wantsDir = raw === "" || raw.endsWith("/");
  const parts: string[] = [];
  for (const seg of raw.split("/")) {
    if (seg === "") continue;
    if (/%(2f|5c)/i.test(seg)) throw new FsError("OUTSIDE_SCOPE", "encoded slash in path");
    let decoded: string;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      throw new FsError("OUTSIDE_SCOPE", "malformed path encoding");
    }
    parts.push(...checkSegments(decoded));
  }
  return { path: "/" + parts.join("/"), wantsDir };
}

/**
 * Normalizes an already-decoded virtual path (from a query parameter or JSON body) the same way:
 * splits on "/", drops empty and "." segments, refuses ".." and NUL. Returns "/"-rooted path.
 */
export function normalizeVirtualPath(decoded: string): { path: string; wantsDir: boolean } {
  const wantsDir = decoded === "" || decoded.endsWith("/");
  return { path: "/" + checkSegments(decoded).join("/"), wantsDir };
}

function checkSegments(decoded: string): string[] {
  const out: string[] = [];
  for (const seg of decoded.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." || seg.includes("\0")) throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
    out.push(seg);
  }
  return out;
}

/** Absolute directory of a user's scope: `scope` ("/", "/users/bob", ".") joined under the files root. */
export function scopeDir(rootReal: string, scope: string): string {
  const { path } = normalizeVirtualPath(scope === "." ? "/" : scope);
  return path === "/" ? rootReal : join(rootReal, path);
}

/** True when the absolute path `child` is `parent` or lies below it (string comparison, no symlink resolved). */
export function isInside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/**
 * The error code of a failed realpath; a symlink loop (ELOOP) has no real location to judge, so it is refused
 * like an escape (403) instead of surfacing as a server error.
 * @throws FsError OUTSIDE_SCOPE for ELOOP.
 */
function refuseLoop(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ELOOP") throw new FsError("OUTSIDE_SCOPE", "symlink loop");
  return code;
}

/**
 * Real path of `abs`, or of its deepest existing ancestor when it does not exist yet
 * (so a path to be created is checked through the folders that do exist).
 */
function realpathOfExisting(abs: string): string {
  let current = abs;
  for (;;) {
    try {
      return realpathSync(current);
    } catch (err) {
      const code = refuseLoop(err);
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
      const parent = dirname(current);
      if (parent === current) throw err;
      current = parent;
    }
  }
}

/**
 * True when `abs`, after resolving symlinks, stays inside `scopeAbs` (also symlink-resolved).
 * A missing path is judged by its deepest existing ancestor.
 */
export function staysInScope(scopeAbs: string, abs: string): boolean {
  const scopeReal = realpathOfExisting(scopeAbs);
  return isInside(scopeReal, realpathOfExisting(abs));
}

/**
 * The virtual path where `abs` really lives once symlinks are resolved, relative to the (real) scope:
 * "/" for the scope itself. A missing tail (a file about to be created) is kept as written. Returns null
 * when the real location is outside the scope. Rules are judged on this path too, so a link inside the
 * scope cannot reach a folder the rules deny.
 */
export function realVirtualPath(scopeAbs: string, abs: string): string | null {
  const scopeReal = realpathOfExisting(scopeAbs);
  const tail: string[] = [];
  let current = abs;
  let real: string;
  for (;;) {
    try {
      real = realpathSync(current);
      break;
    } catch (err) {
      const code = refuseLoop(err);
      const parent = dirname(current);
      if ((code !== "ENOENT" && code !== "ENOTDIR") || parent === current) throw err;
      tail.unshift(basename(current));
      current = parent;
    }
  }
  const full = tail.length ? join(real, ...tail) : real;
  if (!isInside(scopeReal, full)) return null;
  const rel = relative(scopeReal, full);
  return rel ? `/${rel.split(sep).join("/")}` : "/";
}

/**
 * Resolves a virtual path inside the scope directory `scopeAbs`.
 * @throws FsError OUTSIDE_SCOPE (403) when the path or any symlink on it leads outside the scope; ENOENT (404) for a
 *   path through the trash or versions folder.
 */
export function resolveInScope(scopeAbs: string, virtual: { path: string; wantsDir: boolean }): ScopedPath {
  // The trash and the versions are reached through their calls only, never as a path (docs/ARCHITECTURE.md "Trash").
  if (hasKeptDirName(virtual.path)) throw new FsError("ENOENT", "not found");
  const abs = virtual.path === "/" ? scopeAbs : join(scopeAbs, virtual.path);
  if (!isInside(scopeAbs, abs) || !staysInScope(scopeAbs, abs))
    throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
  return { path: virtual.path, abs, wantsDir: virtual.wantsDir, scope: scopeAbs };
}
