/** @module Atomic writes: a body streamed to a temp file in the target folder, then linked or renamed into place. */
import { keepVersionOf } from "./version-keeper";
import { fsWritten } from "./changes";
import { open, link, rename, rm, unlink, stat, type FileHandle } from "node:fs/promises";
import { existsSync } from "node:fs";
import { basename, posix } from "node:path";
import { FsError } from "./fs-error";
import { mkdirsBeneath } from "./beneath";
import type { ScopedPath } from "./scope";
import { tempPathBeside } from "./temp-name";

export { tempPathBeside };

/** The client went away before the whole body arrived; `bytes` were received (and thrown away) by then. */
export class UploadAborted extends Error {
  constructor(readonly bytes: number) {
    super(`aborted by the client after ${bytes} bytes`);
    this.name = "UploadAborted";
  }
}

/**
 * Temp files (and temp folders of folder copies and task outputs) being written now: removed on shutdown so nothing
 * partial is left (docs/interfaces.md "Start and stop"), and never touched by the temp sweeper (temp-sweep.ts) while
 * listed here.
 */
export const ACTIVE_TEMP_FILES = new Set<string>();

/** True when something exists at `abs` (a dangling symlink counts). */
export async function exists(abs: string): Promise<boolean> {
  try {
    await stat(abs);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

/**
 * Streams `body` into `dest` atomically: the bytes go to a temp file in the same folder (parents created),
 * are fsynced, then `link`ed into place (fails on an existing name unless `override`) or `rename`d over it.
 * On any failure (client abort, disk full) the temp file is removed and `dest` is untouched.
 * The folder of `dest` is opened beneath its scope once (fs/beneath.ts), and the temp file, the link and the rename
 * all happen inside that open folder, so a parent swapped for a symlink meanwhile cannot send the write out of the
 * scope.
 * `mode` (permission bits) is set on the temp file before it takes the name; new files get 0644 narrowed by the
 * process umask otherwise (config/umask.ts: 0640).
 * Returns the number of bytes written.
 * @throws UploadAborted when the body stream fails because the client disconnected (Bun rejects the read with
 *   an AbortError whose stack is empty, which logged as a bare "ERROR" line before).
 * @throws FsError EEXIST (409) when `dest` exists and `override` is false; EISDIR (400) when it is a folder;
 *   OUTSIDE_SCOPE (403) when its folder leads out of the scope.
 */
export async function writeFileAtomically(
  dest: ScopedPath,
  body: ReadableStream<Uint8Array> | null,
  override: boolean,
  mode?: number,
): Promise<number> {
  const dir = mkdirsBeneath(dest.scope, posix.dirname(dest.path));
  try {
    // Inside the pinned folder every name is resolved from that very folder (`/proc/self/fd/N/name`).
    const at = `${dir.path}/${posix.basename(dest.path)}`;
    const existing = await stat(at).catch(() => null);
    if (existing?.isDirectory()) throw new FsError("EISDIR", "a folder has this name");
    if (existing && !override) throw new FsError("EEXIST", "file exists");
    const tmpAbs = tempPathBeside(dest.abs);
    return await writeTempThenPlace(`${dir.path}/${basename(tmpAbs)}`, tmpAbs, at, dest.abs, body, override, mode);
  } finally {
    dir.close();
  }
}

/**
 * writeFileAtomically's write: `tmp` (the path to write through) is registered as `tmpAbs` (its path in the tree,
 * for the shutdown clean-up and the sweeper), filled from `body`, then placed at `at`; `abs` is what the search index
 * and the listing cache are told.
 */
async function writeTempThenPlace(
  tmp: string,
  tmpAbs: string,
  at: string,
  abs: string,
  body: ReadableStream<Uint8Array> | null,
  override: boolean,
  mode?: number,
): Promise<number> {
  ACTIVE_TEMP_FILES.add(tmpAbs);
  const fh = await open(tmp, "wx", 0o644);
  let written = 0;
  let committed = false;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read().catch((err: unknown) => {
          throw (err as Error)?.name === "AbortError" ? new UploadAborted(written) : err;
        });
        if (done) break;
        // Awaiting each write gives backpressure: memory stays flat for any body size.
        await writeWhole(fh, value);
        written += value.byteLength;
      }
    }
    // chmod, unlike open's mode, is not narrowed by the umask.
    if (mode !== undefined) await fh.chmod(mode);
    await fh.sync();
    await fh.close();
    await placeTempFile(tmp, at, override, abs);
    committed = true;
    return written;
  } finally {
    ACTIVE_TEMP_FILES.delete(tmpAbs);
    if (!committed) {
      await fh.close().catch(() => {});
      await unlink(tmp).catch(() => {});
    }
  }
}

/**
 * Writes all of `bytes` at the file position: write(2) may store only part of a buffer (a disk filling up stores
 * what fits, then the next call fails with ENOSPC), and the rest must not be dropped silently.
 * @throws the write error; an Error with code ENOSPC when a write stores nothing.
 */
async function writeWhole(fh: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.byteLength; ) {
    const { bytesWritten } = await fh.write(bytes, done, bytes.byteLength - done);
    if (bytesWritten <= 0) throw Object.assign(new Error("no space left on the disk"), { code: "ENOSPC" });
    done += bytesWritten;
  }
}

/**
 * Gives the complete, synced temp file `tmp` its final name `dest` (same folder, so the step is atomic):
 * `rename` over an existing file with `override` (its content kept as a version first), else `link` (which refuses an existing name) then `unlink`.
 * Reports the written file (`reported`, default `dest`: its path in the tree) to the search index. The temp file
 * is left in place when this throws.
 * @throws FsError EEXIST (409) when `dest` exists and `override` is false.
 */
export async function placeTempFile(tmp: string, dest: string, override: boolean, reported = dest): Promise<void> {
  if (override) {
    // The bytes about to be replaced become a version (docs/ARCHITECTURE.md "Versions").
    await keepVersionOf(dest, reported);
    await rename(tmp, dest);
  } else {
    try {
      await link(tmp, dest);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new FsError("EEXIST", "file exists");
      throw err;
    }
    await unlink(tmp);
  }
  fsWritten(reported);
}

/** Passes removeActiveTempFiles makes at most, and the pause (ms) between two. */
const REMOVE_PASSES = 10;
const REMOVE_PASS_GAP_MS = 20;

/**
 * Removes every temp file or folder still being written (called on shutdown). A copy still running writes into its
 * temp folder through an open descriptor, so it may add an item after the removal read the folder, which then is not
 * empty when its turn comes: another pass removes what the last one left. Once the folder itself is gone nothing can
 * be added to it (the copy's next write fails, and its own clean-up finds nothing).
 */
export async function removeActiveTempFiles(): Promise<void> {
  for (let pass = 0; pass < REMOVE_PASSES; pass++) {
    const left = [...ACTIVE_TEMP_FILES].filter((f) => existsSync(f));
    if (left.length === 0) break;
    if (pass > 0) await Bun.sleep(REMOVE_PASS_GAP_MS);
    await Promise.all(left.map((f) => rm(f, { recursive: true, force: true }).catch(() => {})));
  }
  ACTIVE_TEMP_FILES.clear();
}
