/** @module Turns the URL of a request into a ScopedPath of the current user, through the one resolver (fs/scope.ts). */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { decodeRequestPath, resolveInScope, scopeDir, type ScopedPath } from "../fs/scope";

/** Absolute scope folder of the current user. */
export function userScopeDir(c: Context<AppEnv>): string {
  return scopeDir(c.get("deps").rootReal, c.get("user").scope);
}

/**
 * The path after `<base>/api/<prefix>` in the raw (still percent-encoded) URL, resolved in the user's scope.
 * @throws FsError OUTSIDE_SCOPE (403) for escapes, encoded slashes and NUL bytes.
 */
export function requestTarget(c: Context<AppEnv>, prefix: string): ScopedPath {
  const pathname = new URL(c.req.url).pathname;
  const head = `${c.get("deps").config.baseurl}/api/${prefix}`;
  const raw = pathname.startsWith(head) ? pathname.slice(head.length) : "/";
  return resolveInScope(userScopeDir(c), decodeRequestPath(raw));
}
