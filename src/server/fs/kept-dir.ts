/**
 * @module The folders the server keeps deleted items and old file versions in (docs/ARCHITECTURE.md "Trash",
 * "Versions"): one of each per file system, at its top inside the files root, so moving an item there is a rename
 * and keeping a version is a hard link.
 */
import { lstatSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { isInside } from "./scope";

/**
 * The folder `name` on the file system (device `dev`) of the item at `abs` inside the files root `rootReal`: at the
 * root when they share a file system, otherwise at the top of the mount that holds `abs` below the root. Made (mode
 * 0700) when missing.
 * @throws Error when something other than a folder (a link, a file) has that name there.
 */
export function keptDirFor(rootReal: string, abs: string, dev: number, name: string): string {
  let top = rootReal;
  if (lstatSync(top).dev !== dev) {
    top = dirname(abs);
    for (;;) {
      const up = dirname(top);
      if (!isInside(rootReal, up) || lstatSync(up).dev !== dev) break;
      top = up;
    }
  }
  const dir = join(top, name);
  try {
    mkdirSync(dir, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if (!lstatSync(dir).isDirectory()) throw new Error(`${name} is not a folder`);
  return dir;
}
