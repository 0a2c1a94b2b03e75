/** @module Text content of small files for the editor and preview. */
import { closeSync, constants, fstatSync, readFileSync, readSync, type Stats } from "node:fs";
import { TEXT_CONTENT_MAX_BYTES } from "../../shared/wire/resource";
import { openBeneath } from "./beneath";
import type { ScopedPath } from "./scope";

/**
 * UTF-8 content of the file `target` under TEXT_CONTENT_MAX_BYTES (5 MiB, docs/interfaces.md "Resource JSON"), or
 * undefined when larger. It is opened beneath the scope (fs/beneath.ts), so a folder swapped for a link out since the
 * check reads nothing outside.
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

/** A user's file: the scope folder on disk and the virtual path in it (a ScopedPath fits). */
export interface FileInScope {
  scope: string;
  path: string;
}

/**
 * The whole content of the regular file `file`, opened beneath its scope (fs/beneath.ts), with the fstat of what was
 * read: the bytes and the stat always belong to one file inside the scope, whatever its folders became after the
 * check. `refuse(st)` is asked first and may throw (a folder, a file too large to read whole).
 * @throws FsError OUTSIDE_SCOPE (403) for a path leading out of the scope; the open's errors (ENOENT 404); what
 *   `refuse` throws.
 */
export function readFileBeneath(file: FileInScope, refuse: (st: Stats) => void): { bytes: Uint8Array; st: Stats } {
  // O_NONBLOCK: a FIFO in the file's place does not hold the open; `refuse` sees it is no regular file.
  const fd = openBeneath(file.scope, file.path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    refuse(st);
    const bytes = new Uint8Array(st.size);
    let got = 0;
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return { bytes: got === bytes.length ? bytes : bytes.subarray(0, got), st };
  } finally {
    closeSync(fd);
  }
}
