/**
 * @module Saving an existing file from the editor (docs/product.md "Resource calls"): atomic, keeping the file's
 * permission bits.
 */
import { closeSync, fstatSync } from "node:fs";
import { join } from "node:path";
import { BadRequest, PreconditionFailed } from "../errors";
import { writeFileAtomically } from "./upload";
import { O_PATH, openBeneath } from "./beneath";
import { FsError } from "./fs-error";
import { realVirtualPath, type ScopedPath } from "./scope";

/**
 * The expected modification time of a save precondition (RFC 3339, as the resource's `modified`), in ms
 * since the epoch; undefined when the request has none.
 * @throws BadRequest (400) for a value that is not a date.
 */
export function parseModifiedPrecondition(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new BadRequest("X-If-Modified-At must be an RFC 3339 date");
  return ms;
}

/**
 * Replaces the content of the existing file at `target` with `body`: a temp file in the same folder is
 * written, fsynced, given the original mode, then renamed over it, so readers see the old or the new
 * content, never a mix. A symlink keeps pointing at its (in-scope) target, which receives the content.
 * With `expectedModifiedMs` (from parseModifiedPrecondition) the save happens only while the file's
 * modification time, at the millisecond precision of `modified`, still equals it.
 * Answers the new modification time in ms since the epoch.
 * @throws FsError ENOENT (404) when the file does not exist (PUT never creates); BadRequest (400) for a folder;
 * PreconditionFailed (412) when the file changed on disk since the editor loaded it.
 */
export async function saveExistingFile(
  target: ScopedPath,
  body: ReadableStream<Uint8Array> | null,
  expectedModifiedMs?: number,
): Promise<number> {
  // The link's target inside the scope receives the content; it is then opened and written beneath the scope.
  const realPath = realVirtualPath(target.scope, target.abs);
  if (realPath === null) throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
  const real: ScopedPath = { ...target, path: realPath, abs: join(target.scope, realPath) };
  const st = statBeneath(real);
  if (st.isDirectory()) throw new BadRequest("a folder cannot be saved");
  // Date keeps whole milliseconds, as the `modified` the editor was given.
  if (expectedModifiedMs !== undefined && Math.trunc(st.mtimeMs) !== expectedModifiedMs) {
    throw new PreconditionFailed("the file changed on disk since it was opened");
  }
  await writeFileAtomically(real, body, true, st.mode & 0o7777);
  return statBeneath(real).mtimeMs;
}

/** fstat of `target` opened beneath its scope. */
function statBeneath(target: ScopedPath) {
  const fd = openBeneath(target.scope, target.path, O_PATH);
  try {
    return fstatSync(fd);
  } finally {
    closeSync(fd);
  }
}
