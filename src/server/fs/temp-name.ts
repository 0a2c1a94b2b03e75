/**
 * @module The one name family of temp files and folders (UPLOAD_TEMP_PREFIX): uploads, saves, tus uploads, copies
 * and task outputs are written under it beside their target, so listings, search, usage, copies and archives skip
 * them by name and the temp sweeper (temp-sweep.ts) can find what a killed server left.
 */
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { BadRequest } from "../errors";

/** The refusal of a user-given name in the temp family (docs/security.md "Reserved names"). */
export const TEMP_NAME_REFUSED = `names starting with ${UPLOAD_TEMP_PREFIX} are reserved for the server's temporary files`;

/**
 * The trash folder's name (docs/ARCHITECTURE.md "Trash"), one per file system at its top inside the files root. It is
 * a name of the temp family, so every listing, search, walk, copy and archive skips it as they skip temp files; the
 * temp sweeper leaves it alone, and the resolver refuses any path through it.
 */
export const TRASH_DIR_NAME = `${UPLOAD_TEMP_PREFIX}trash`;

/** The versions folder's name (docs/ARCHITECTURE.md "Versions"): kept like the trash folder. */
export const VERSIONS_DIR_NAME = `${UPLOAD_TEMP_PREFIX}versions`;

/** True for the names of the folders the server keeps (trash, versions), which are no temp leftovers. */
export function isKeptDirName(name: string): boolean {
  return name === TRASH_DIR_NAME || name === VERSIONS_DIR_NAME;
}

/** True when some name of the virtual path `path` ("/a/b") is the trash or versions folder's. */
export function hasKeptDirName(path: string): boolean {
  return path.split("/").some(isKeptDirName);
}

/** True when the base name `name` is one of our temp files or folders. */
export function isTempName(name: string): boolean {
  return name.startsWith(UPLOAD_TEMP_PREFIX);
}

/** True when some name of the virtual or relative path `path` ("/a/b", "a/b") is one of our temp names. */
export function hasTempName(path: string): boolean {
  return path.split("/").some(isTempName);
}

/**
 * Refuses a path a user names for something new (an upload, a new folder, a rename, a copy or move destination, a
 * task's output) when one of its names is a temp name: listings, search and archives would hide it and the temp
 * sweeper would delete it, with everything below it.
 * @throws BadRequest (400) with TEMP_NAME_REFUSED.
 */
export function assertNoTempName(path: string): void {
  if (hasTempName(path)) throw new BadRequest(TEMP_NAME_REFUSED);
}

/** A fresh temp name (no folder): for an item placed beside its target in a folder held open. */
export function tempName(tag = ""): string {
  return `${UPLOAD_TEMP_PREFIX}${tag}${randomBytes(8).toString("hex")}`;
}

/**
 * A fresh temp path in the folder of `dest` (same file system, so the final rename is atomic); `tag` marks its
 * kind ("tus-", "unarchive-", "torrent-") for whoever reads a folder by hand.
 */
export function tempPathBeside(dest: string, tag = ""): string {
  return join(dirname(dest), tempName(tag));
}
