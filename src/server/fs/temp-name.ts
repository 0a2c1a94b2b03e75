/**
 * @module The one name family of temp files and folders (UPLOAD_TEMP_PREFIX): uploads, saves, tus uploads, copies
 * and task outputs are written under it beside their target, so listings, search, usage, copies and archives skip
 * them by name and the temp sweeper (temp-sweep.ts) can find what a killed server left.
 */
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";

/** True when the base name `name` is one of our temp files or folders. */
export function isTempName(name: string): boolean {
  return name.startsWith(UPLOAD_TEMP_PREFIX);
}

/**
 * A fresh temp path in the folder of `dest` (same file system, so the final rename is atomic); `tag` marks its
 * kind ("tus-", "unarchive-", "torrent-") for whoever reads a folder by hand.
 */
export function tempPathBeside(dest: string, tag = ""): string {
  return join(dirname(dest), `${UPLOAD_TEMP_PREFIX}${tag}${randomBytes(8).toString("hex")}`);
}
