/**
 * @module The steps of one tus upload on disk: start (checks as the plain POST upload makes them), write a
 * chunk at the agreed offset, and finish (fsync, then the temp file takes the target's name atomically).
 */
import { open, stat, statfs } from "node:fs/promises";
import { fstatSync } from "node:fs";
import { basename, posix } from "node:path";
import { placeTempFile } from "../fs/upload";
import { mkdirsBeneath, pinDir, type PinnedDir } from "../fs/beneath";
import type { ScopedPath } from "../fs/scope";
import { FsError } from "../fs/fs-error";
import { Conflict, PayloadTooLarge } from "../errors";
import { TUS_MAX_CHUNK_BYTES } from "../constants";
import { appendBody, type AppendResult } from "./tus-write";
import type { TusStore, TusUpload } from "./tus-store";

/** Bytes free for unprivileged writes on the file system of `abs` (the largest upload accepted there). */
export async function freeBytes(abs: string): Promise<number> {
  const fs = await statfs(abs);
  return Number(fs.bavail) * Number(fs.bsize);
}

/**
 * Starts an upload of `length` bytes to `target` (`init.abs` is its path; parents are created, as the plain upload
 * does). Its folder is held open beneath the scope while the temp file is made (docs/security.md "Paths and races").
 * `perUser` is the most uploads in progress one user may have (global setting tusUploadsPerUser).
 * @throws PayloadTooLarge (413) when `length` plus the bytes other uploads to the same file system still expect
 *   exceed its free space; TooManyRequests (429) past `perUser`; FsError EISDIR (400) when a folder has the name,
 *   EEXIST (409) when a file has it and `override` is false, OUTSIDE_SCOPE (403) when its folder leads out.
 */
export async function startUpload(
  store: TusStore,
  init: { userId: number; abs: string; length: number; override: boolean; metadata: Record<string, string> },
  perUser: number,
  target: ScopedPath,
): Promise<TusUpload> {
  const dir = mkdirsBeneath(target.scope, posix.dirname(target.path));
  try {
    const existing = await stat(`${dir.path}/${posix.basename(target.path)}`).catch(() => null);
    if (existing?.isDirectory()) throw new FsError("EISDIR", "a folder has this name");
    if (existing && !init.override) throw new FsError("EEXIST", "file exists");
    const free = await freeBytes(dir.path);
    return await store.create(init, { perUser, freeBytes: free, dev: fstatSync(dir.fd).dev }, dir.path);
  } finally {
    dir.close();
  }
}

/** Runs `fn` with the folder of `target` held open beneath its scope, and the temp file of `up` named through it. */
async function inFolderOf<T>(
  target: ScopedPath,
  up: TusUpload,
  fn: (dir: PinnedDir, tmp: string) => Promise<T>,
): Promise<T> {
  const dir = pinDir(target.scope, posix.dirname(target.path));
  try {
    return await fn(dir, `${dir.path}/${basename(up.tmp)}`);
  } finally {
    dir.close();
  }
}

/**
 * Appends one body to `up` at `offset`, which must be the upload's offset (tus core: else 409 and the client
 * asks HEAD again). `declared` is the request's Content-Length when it sent one.
 * @throws Conflict (409) for another offset or while another request writes this upload; PayloadTooLarge
 *   (413) for a body over TUS_MAX_CHUNK_BYTES or past the upload's length.
 */
export async function writeChunk(
  store: TusStore,
  up: TusUpload,
  offset: number,
  body: ReadableStream<Uint8Array> | null,
  declared: number | null,
  target: ScopedPath,
): Promise<AppendResult> {
  if (up.busy) throw new Conflict("another request is writing this upload");
  if (offset !== up.offset) throw new Conflict(`the upload's offset is ${up.offset}`);
  if (declared !== null && declared > TUS_MAX_CHUNK_BYTES)
    throw new PayloadTooLarge(`chunks are at most ${TUS_MAX_CHUNK_BYTES} bytes`);
  if (declared !== null && declared > up.length - up.offset)
    throw new PayloadTooLarge("the body is longer than the upload's remaining length");
  up.busy = true;
  store.touch(up);
  try {
    const room = Math.min(up.length - up.offset, TUS_MAX_CHUNK_BYTES);
    return await inFolderOf(target, up, (_dir, tmp) => appendBody(tmp, up.offset, body, room, (o) => (up.offset = o)));
  } finally {
    up.busy = false;
    store.touch(up);
  }
}

/** Whether every byte of `up` arrived. */
export function isComplete(up: TusUpload): boolean {
  return up.offset >= up.length;
}

/**
 * Makes the complete upload `up` its target file `target`: fsync, then rename (override) or link into place inside
 * its folder held open beneath the scope, and the search index hears of it. The upload is forgotten either way; a
 * refused link removes the temp file.
 * @throws FsError EEXIST (409) when the target appeared meanwhile and `override` is false; OUTSIDE_SCOPE (403)
 *   when its folder leads out of the scope now.
 */
export async function finishUpload(store: TusStore, up: TusUpload, target: ScopedPath): Promise<void> {
  await inFolderOf(target, up, async (dir, tmp) => {
    const fh = await open(tmp, "r+");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await placeTempFile(tmp, `${dir.path}/${posix.basename(target.path)}`, up.override, up.abs);
      store.forget(up);
    } catch (err) {
      await store.remove(up);
      throw err;
    }
  });
}
