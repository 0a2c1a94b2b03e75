/**
 * @module Permission changes (docs/product.md "Chmod mode": at most 3 octal digits), optionally for everything below a
 * folder.
 */
import { chmod, readdir } from "node:fs/promises";
import { closeSync, fstatSync } from "node:fs";
import { fdPath, O_PATH, openBeneath, openChildNoFollow } from "./beneath";
import { BadRequest } from "../errors";
import type { ScopedPath } from "./scope";
import type { PathFilter } from "./rules";
import { assertNothingHiddenBelow } from "./hidden-below";

/**
 * Permission bits from the `mode` query value: 1 to 3 octal digits, read as `chmod` reads them
 * ("755" is 0o755, "7" is 0o007).
 * @throws BadRequest (400) `mode must be 1-3 octal digits` for anything else.
 */
export function parseMode(raw: string | undefined): number {
  if (raw === undefined || !/^[0-7]{1,3}$/.test(raw)) throw new BadRequest("mode must be 1-3 octal digits");
  return parseInt(raw, 8);
}

/**
 * Applies `mode` below the folder open as `dirFd` first, then to it (so a mode without x never locks the walk out).
 * Each item is opened without following links (beneath.ts openChildNoFollow) and changed through its descriptor's
 * path, so an item swapped for a link meanwhile is skipped, never followed out of the scope.
 */
async function chmodTree(dirFd: number, mode: number): Promise<void> {
  for (const name of await readdir(fdPath(dirFd))) {
    let fd: number;
    try {
      fd = openChildNoFollow(dirFd, name, O_PATH);
    } catch (err) {
      // Links are skipped: chmod follows them, and their target may lie outside the scope.
      if (["ELOOP", "ENOENT"].includes((err as NodeJS.ErrnoException).code ?? "")) continue;
      throw err;
    }
    try {
      if (fstatSync(fd).isDirectory()) await chmodTree(fd, mode);
      else await chmod(fdPath(fd), mode);
    } finally {
      closeSync(fd);
    }
  }
  // chmod(2) of /proc/self/fd/N changes the opened item itself (the way to change an O_PATH descriptor's mode).
  await chmod(fdPath(dirFd), mode);
}

/**
 * Sets the permission bits of the target; with `recursive`, of every file and folder below a folder too
 * (like `chmod -R`), never through symbolic links below it, and never over items the user's rules `isAllowed` hide.
 * The target is opened beneath the scope and changed through its descriptor (docs/security.md "Paths and races").
 * @throws FsError ENOENT (404) when the target does not exist; OUTSIDE_SCOPE (403) when it leads out of the scope;
 * Forbidden (403) for a recursive change of a folder holding hidden items.
 */
export async function changeMode(
  target: ScopedPath,
  mode: number,
  recursive: boolean,
  isAllowed: PathFilter,
): Promise<void> {
  // The target itself may be a link: opened beneath the scope, it can only lead to something inside.
  const fd = openBeneath(target.scope, target.path, O_PATH);
  try {
    if (recursive && fstatSync(fd).isDirectory()) {
      await assertNothingHiddenBelow(target, isAllowed, "change the mode of");
      await chmodTree(fd, mode);
    } else await chmod(fdPath(fd), mode);
  } finally {
    closeSync(fd);
  }
}
