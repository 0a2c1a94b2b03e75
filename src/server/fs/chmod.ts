/** @module Permission changes (SPEC section 5 "Chmod": at most 3 octal digits), optionally for everything below a folder. */
import { chmod, lstat, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
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

/** Applies `mode` below `abs` first, then to `abs` (so a mode without x never locks the walk out). */
async function chmodTree(abs: string, mode: number): Promise<void> {
  for (const name of await readdir(abs)) {
    const child = join(abs, name);
    const st = await lstat(child);
    // Links are skipped: chmod follows them, and their target may lie outside the scope.
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) await chmodTree(child, mode);
    else await chmod(child, mode);
  }
  await chmod(abs, mode);
}

/**
 * Sets the permission bits of the target; with `recursive`, of every file and folder below a folder too
 * (like `chmod -R`), never through symbolic links below it, and never over items the user's rules `isAllowed` hide.
 * @throws FsError ENOENT (404) when the target does not exist; Forbidden (403) for a recursive change of a
 * folder holding hidden items.
 */
export async function changeMode(target: ScopedPath, mode: number, recursive: boolean, isAllowed: PathFilter): Promise<void> {
  // The target itself may be a link: the resolver has checked that it stays inside the scope.
  const st = await stat(target.abs);
  if (recursive && st.isDirectory()) {
    await assertNothingHiddenBelow(target, isAllowed, "change the mode of");
    await chmodTree(target.abs, mode);
  } else await chmod(target.abs, mode);
}
