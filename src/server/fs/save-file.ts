/** @module Saving an existing file from the editor (SPEC section 7 PUT): atomic, keeping the file's permission bits. */
import { realpath, stat } from "node:fs/promises";
import { BadRequest } from "../errors";
import { writeFileAtomically } from "./upload";
import type { ScopedPath } from "./scope";

/**
 * Replaces the content of the existing file at `target` with `body`: a temp file in the same folder is
 * written, fsynced, given the original mode, then renamed over it, so readers see the old or the new
 * content, never a mix. A symlink keeps pointing at its (in-scope) target, which receives the content.
 * @throws FsError ENOENT (404) when the file does not exist (PUT never creates); BadRequest (400) for a folder.
 */
export async function saveExistingFile(target: ScopedPath, body: ReadableStream<Uint8Array> | null): Promise<number> {
  const real = await realpath(target.abs);
  const st = await stat(real);
  if (st.isDirectory()) throw new BadRequest("a folder cannot be saved");
  return writeFileAtomically(real, body, true, st.mode & 0o7777);
}
