/**
 * @module The steps of one tus upload on disk: start (checks as the plain POST upload makes them), write a
 * chunk at the agreed offset, and finish (fsync, then the temp file takes the target's name atomically).
 */
import { mkdir, open, stat, statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { placeTempFile } from "../fs/upload";
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
 * Starts an upload of `length` bytes to `abs` (parents are created, as the plain upload does). `perUser` is the
 * most uploads in progress one user may have (global setting tusUploadsPerUser).
 * @throws PayloadTooLarge (413) when `length` plus the bytes other uploads to the same file system still expect
 *   exceed its free space; TooManyRequests (429) past `perUser`; FsError EISDIR (400) when a folder has the name,
 *   EEXIST (409) when a file has it and `override` is false.
 */
export async function startUpload(
  store: TusStore,
  init: { userId: number; abs: string; length: number; override: boolean; metadata: Record<string, string> },
  perUser: number,
): Promise<TusUpload> {
  const existing = await stat(init.abs).catch(() => null);
  if (existing?.isDirectory()) throw new FsError("EISDIR", "a folder has this name");
  if (existing && !init.override) throw new FsError("EEXIST", "file exists");
  const folder = dirname(init.abs);
  await mkdir(folder, { recursive: true });
  const [free, st] = await Promise.all([freeBytes(folder), stat(folder)]);
  return store.create(init, { perUser, freeBytes: free, dev: st.dev });
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
): Promise<AppendResult> {
  if (up.busy) throw new Conflict("another request is writing this upload");
  if (offset !== up.offset) throw new Conflict(`the upload's offset is ${up.offset}`);
  if (declared !== null && declared > TUS_MAX_CHUNK_BYTES) throw new PayloadTooLarge(`chunks are at most ${TUS_MAX_CHUNK_BYTES} bytes`);
  if (declared !== null && declared > up.length - up.offset) throw new PayloadTooLarge("the body is longer than the upload's remaining length");
  up.busy = true;
  store.touch(up);
  try {
    const room = Math.min(up.length - up.offset, TUS_MAX_CHUNK_BYTES);
    return await appendBody(up.tmp, up.offset, body, room, (o) => (up.offset = o));
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
 * Makes the complete upload `up` its target file: fsync, then rename (override) or link into place, and the
 * search index hears of it. The upload is forgotten either way; a refused link removes the temp file.
 * @throws FsError EEXIST (409) when the target appeared meanwhile and `override` is false.
 */
export async function finishUpload(store: TusStore, up: TusUpload): Promise<void> {
  const fh = await open(up.tmp, "r+");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await placeTempFile(up.tmp, up.abs, up.override);
    store.forget(up);
  } catch (err) {
    await store.remove(up);
    throw err;
  }
}
