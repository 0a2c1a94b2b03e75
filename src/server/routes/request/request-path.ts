/**
 * @module Turns the URL of a request (or a path from its query or body) into a ScopedPath of the current user,
 * through the one resolver (fs/scope.ts) and the user's allow/deny rules (fs/rules.ts).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import {
  decodeRequestPath,
  normalizeVirtualPath,
  realVirtualPath,
  resolveInScope,
  scopeDir,
  type ScopedPath,
} from "../../fs/scope";
import { pathFilter, type PathFilter } from "../../fs/rules";
import { currentSettings } from "../../settings/settings-service";
import { Forbidden } from "../../errors";
import { isUnderPrefix } from "../../auth/media-token";

/** Absolute scope folder of the current user. */
export function userScopeDir(c: Context<AppEnv>): string {
  return scopeDir(c.get("deps").rootReal, c.get("user").scope);
}

/**
 * The current user's rule predicate over virtual paths ("/a/b" inside the scope): global rules first, then the
 * user's own, the last match wins (docs/product.md "Roles and permissions"). Pass it to listFolder, archives and search
 * to leave denied entries out.
 */
export function userPathFilter(c: Context<AppEnv>): PathFilter {
  return pathFilter(currentSettings(c.get("deps").db).rules, c.get("user").rules);
}

/**
 * Refuses a path the current user's rules deny, judged both as named and, when `abs` is given, where it
 * really lives once symlinks are resolved (a link must not open a denied folder), and, for a request made
 * with a media token, a path outside the token's prefix.
 * @throws Forbidden (403): a denied path answers exactly like one outside the scope.
 */
export function assertPathAllowed(c: Context<AppEnv>, virtualPath: string, abs?: string): void {
  // A media token reads only under its prefix (docs/interfaces.md "Authentication").
  const prefix = c.get("mediaPrefix");
  if (prefix !== undefined && !isUnderPrefix(virtualPath, prefix)) throw new Forbidden("outside the token's path");
  const allowed = userPathFilter(c);
  if (!allowed(virtualPath)) throw new Forbidden();
  // Where a link really leads matters only to rules and to a token's prefix (the scope is checked by the resolver).
  if (abs === undefined || (prefix === undefined && !allowed.hidesBelow)) return;
  const real = realVirtualPath(userScopeDir(c), abs);
  if (real !== null && real !== virtualPath && !allowed(real)) throw new Forbidden();
  // A link inside a shared folder (or under a media token) must not lead out of it.
  if (prefix !== undefined && real !== null && !isUnderPrefix(real, prefix))
    throw new Forbidden("outside the token's path");
}

/**
 * The path after `<base>/api/<prefix>` in the raw (still percent-encoded) URL, resolved in the user's scope.
 * @throws FsError OUTSIDE_SCOPE (403) for escapes, encoded slashes and NUL bytes; Forbidden (403) for a path the
 * user's rules deny.
 */
export function requestTarget(c: Context<AppEnv>, prefix: string): ScopedPath {
  const raw = pathAfter(c, prefix);
  const target = resolveInScope(userScopeDir(c), decodeRequestPath(raw));
  assertPathAllowed(c, target.path, target.abs);
  return target;
}

/**
 * An already-decoded virtual path from a query parameter or JSON body (copy/move destination, `files=`,
 * `movie=`), resolved in the user's scope and checked against the rules like the URL path.
 * @throws FsError OUTSIDE_SCOPE (403) for escapes; Forbidden (403) for a denied path.
 */
export function resolveUserPath(c: Context<AppEnv>, decoded: string): ScopedPath {
  const target = resolveInScope(userScopeDir(c), normalizeVirtualPath(decoded));
  assertPathAllowed(c, target.path, target.abs);
  return target;
}

/**
 * The path of a public share request: the part of the URL after `<base>/api/<prefix>` joined under the shared
 * folder `sharePath` ("/a/b/"), or the shared file itself when `sharePath` names a file (a trailing name in the
 * URL is only for the browser's file name). Resolved in the owner's scope (the current user) and checked like any
 * path; the caller sets `mediaPrefix` to the share path so nothing outside it resolves.
 * @throws FsError OUTSIDE_SCOPE or Forbidden (403) for escapes, encoded slashes and denied paths.
 */
export function shareTarget(c: Context<AppEnv>, prefix: string, sharePath: string): ScopedPath {
  if (!sharePath.endsWith("/")) return resolveUserPath(c, sharePath);
  const rest = decodeRequestPath(pathAfter(c, prefix));
  const target = resolveInScope(userScopeDir(c), {
    path: `${sharePath.slice(0, -1)}${rest.path === "/" ? "" : rest.path}` || "/",
    wantsDir: rest.wantsDir,
  });
  assertPathAllowed(c, target.path, target.abs);
  return target;
}

/** The raw (still percent-encoded) part of the URL path after `<base>/api/<prefix>`, or "/" when there is none. */
function pathAfter(c: Context<AppEnv>, prefix: string): string {
  const pathname = new URL(c.req.url).pathname;
  const head = `${c.get("deps").config.baseurl}/api/${prefix}`;
  return pathname.startsWith(head) ? pathname.slice(head.length) : "/";
}
