/** @module Scope folders of users: the `/users/<name>` home of createUserDir, created inside the files root. */
import { mkdirSync } from "node:fs";
import { resolveInScope } from "../fs/scope";
import { USER_HOMES_DIR } from "../constants";

/** The home scope createUserDir gives `username` (already checked to hold no slash): `/users/<name>`. */
export function homeScopeOf(username: string): string {
  return `${USER_HOMES_DIR}/${username}`;
}

/**
 * Creates the scope folder under the files root `rootReal` when missing (with parents). A path that would
 * leave the root through a symlink is refused by the scope resolver (FsError OUTSIDE_SCOPE, 403).
 */
export function ensureScopeFolder(rootReal: string, scope: string): void {
  if (scope === "/") return;
  const target = resolveInScope(rootReal, { path: scope, wantsDir: true });
  mkdirSync(target.abs, { recursive: true });
}
