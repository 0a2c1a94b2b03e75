/** @module Folder creation, deletion and the password rename inside a scope. */
import { lstat, stat } from "node:fs/promises";
import { posix } from "node:path";
import { BadRequest } from "../errors";
import { FsError } from "./fs-error";
import type { PathFilter } from "./rules";
import { assertNothingHiddenBelow } from "./hidden-below";
import { exists } from "./upload";
import { normalizeVirtualPath, resolveInScope, type ScopedPath } from "./scope";
import { encode as encodePasswordName, originalName } from "./password-name";
import { movePath } from "./copy-move";
import { fsRemoved, fsWritten } from "./changes";
import { removeTree } from "./copy-tree";
import { mkdirsBeneath, pinDir } from "./beneath";
import { itemCounter, measureTree, type OpProgress } from "./op-progress";

/**
 * Creates the folder (and missing parents).
 * @throws FsError EEXIST (409) when something already has that name.
 */
export async function createFolder(target: ScopedPath): Promise<void> {
  if (await exists(target.abs)) throw new FsError("EEXIST", "already exists");
  mkdirsBeneath(target.scope, target.path).close();
  fsWritten(target.abs);
}

/**
 * Deletes a file or a folder with everything inside. A symlink is removed, never its target. With `progress`
 * the tree is measured first and each removed item counted.
 * @throws FsError OUTSIDE_SCOPE (403) for the scope root itself; Forbidden (403) for a folder holding items the
 * user's rules `isAllowed` hide; ENOENT (404) when missing.
 */
export async function deletePath(target: ScopedPath, isAllowed: PathFilter, progress?: OpProgress): Promise<void> {
  if (target.path === "/") throw new FsError("OUTSIDE_SCOPE", "the scope root cannot be deleted");
  // lstat throws ENOENT (404) when missing; a dangling symlink still exists for it and gets removed.
  await lstat(target.abs);
  await assertNothingHiddenBelow(target, isAllowed, "delete");
  if (progress) await measureTree(target.abs, progress);
  // Removed through its folder held open beneath the scope: a parent swapped for a link cannot redirect it.
  const dir = pinDir(target.scope, posix.dirname(target.path));
  try {
    await removeTree({ dir, name: posix.basename(target.path) }, itemCounter(progress ?? null) ?? undefined);
  } finally {
    dir.close();
  }
  fsRemoved(target.abs);
}

/**
 * Password rename (docs/product.md "Password-prefixed names"): renames the file to `@<password>@#<original name>`
 * (password-name.ts), or back to its original name when `password` is empty. Returns the new virtual path. The new path
 * must pass the user's rules `isAllowed` like any destination.
 * @throws BadRequest (400) `this feature is only for file, not directory` for folders; FsError ENOENT (404)
 * when missing, EEXIST (409) when the new name is taken, OUTSIDE_SCOPE (403) when the rules deny it.
 */
export async function renameWithPassword(
  scopeAbs: string,
  target: ScopedPath,
  password: string,
  isAllowed: PathFilter,
): Promise<string> {
  if ((await stat(target.abs)).isDirectory()) throw new BadRequest("this feature is only for file, not directory");
  const current = posix.basename(target.path);
  const next = encodePasswordName(password, originalName(current));
  if (next === current) return target.path;
  const dest = resolveInScope(scopeAbs, normalizeVirtualPath(posix.join(posix.dirname(target.path), next)));
  if (!isAllowed(dest.path)) throw new FsError("OUTSIDE_SCOPE", "the new name is denied by the rules");
  return movePath({ scopeAbs, src: target, dest, conflict: "fail", isAllowed });
}
