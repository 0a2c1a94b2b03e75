/**
 * @module A folder as its owner may see it, for tools that read a whole tree and follow symlinks on their own
 * (mktorrent): a copy made of folders and symlinks to the allowed files only, built with the archive walker
 * (archive/collect.ts), so links out of the scope, paths the rules deny, special files and upload temp files never
 * reach the tool, as they never reach a listing or a download.
 */
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { collectEntries } from "../server/archive/collect";
import type { TaskScope, TaskTarget } from "./types";

/**
 * Builds the mirror of the folder `target` under `dest` (an empty folder of the task's temp dir) and returns the
 * mirror's path for the target itself.
 */
export async function mirrorFolder(
  scope: TaskScope,
  target: TaskTarget,
  dest: string,
  signal: AbortSignal,
): Promise<string> {
  const selected = [{ path: target.path, abs: target.abs, wantsDir: true, scope: scope.root }];
  let top = dest;
  for await (const e of collectEntries(selected, { scopeAbs: scope.root, filter: scope.allows, signal })) {
    const at = join(dest, e.name);
    if (e.isDir) {
      await mkdir(at, { recursive: true });
      if (top === dest && target.path !== "/") top = at;
    } else await symlink(e.abs, at);
  }
  await mkdir(top, { recursive: true });
  return top;
}
