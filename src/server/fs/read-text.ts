/** @module Text content of small files for the editor and preview. */
import { closeSync, constants, readFileSync } from "node:fs";
import { TEXT_CONTENT_MAX_BYTES } from "../constants";
import { openBeneath } from "./beneath";
import type { ScopedPath } from "./scope";

/**
 * UTF-8 content of the file `target` under TEXT_CONTENT_MAX_BYTES (5 MiB, CONTRACT), or undefined when larger. It is
 * opened beneath the scope (fs/beneath.ts), so a folder swapped for a link out since the check reads nothing outside.
 * @throws FsError OUTSIDE_SCOPE (403) for such a path; the open's errors (ENOENT 404).
 */
export async function readTextContent(target: ScopedPath, size: number): Promise<string | undefined> {
  if (size >= TEXT_CONTENT_MAX_BYTES) return undefined;
  // O_NONBLOCK: a FIFO swapped in does not hold the open; reading it then gives what is there (nothing).
  const fd = openBeneath(target.scope, target.path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}
