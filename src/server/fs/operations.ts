/** @module Folder creation and deletion inside a scope. */
import { lstat, mkdir, rm } from "node:fs/promises";
import { FsError } from "./fs-error";
import { exists } from "./upload";
import type { ScopedPath } from "./scope";

/**
 * Creates the folder (and missing parents).
 * @throws FsError EEXIST (409) when something already has that name.
 */
export async function createFolder(target: ScopedPath): Promise<void> {
  if (await exists(target.abs)) throw new FsError("EEXIST", "already exists");
  await mkdir(target.abs, { recursive: true });
}

/**
 * Deletes a file or a folder with everything inside. A symlink is removed, never its target.
 * @throws FsError OUTSIDE_SCOPE (403) for the scope root itself; ENOENT (404) when missing.
 */
export async function deletePath(target: ScopedPath): Promise<void> {
  if (target.path === "/") throw new FsError("OUTSIDE_SCOPE", "the scope root cannot be deleted");
  // lstat throws ENOENT (404) when missing; a dangling symlink still exists for it and gets removed.
  await lstat(target.abs);
  await rm(target.abs, { recursive: true, force: false });
}
