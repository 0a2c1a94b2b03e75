/** @module Reads one file as a lazy chunk stream (archives, checksums) whose handle closes the moment the request is aborted. */
import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { STREAM_CHUNK_BYTES } from "../constants";
import { openHandleBeneath } from "./beneath";
import { isInside } from "./scope";

/**
 * `abs` opened for reading when it is still a regular file, else null (closed again). Opened non-blocking: a FIFO
 * put in a file's place would otherwise hold open() until some writer came (open(2), fifo(7)). With `scope` (the
 * scope folder `abs` lies in) it is opened beneath it (fs/beneath.ts): a folder on its way swapped for a link out
 * since the walk yields nothing instead of another file.
 */
async function openRegularFile(abs: string, scope?: string): Promise<FileHandle | null> {
  const flags = constants.O_RDONLY | constants.O_NONBLOCK;
  const fh = scope === undefined ? await open(abs, flags).catch(() => null) : await openInScope(scope, abs, flags);
  if (!fh) return null;
  if ((await fh.stat().catch(() => null))?.isFile()) return fh;
  await fh.close().catch(() => {});
  return null;
}

/** `abs` (below `scope`) opened beneath the scope as a FileHandle; null when it cannot be. */
async function openInScope(scope: string, abs: string, flags: number): Promise<FileHandle | null> {
  if (!isInside(scope, abs)) return null;
  return openHandleBeneath(scope, abs.slice(scope.length), flags).catch(() => null);
}

/**
 * Yields the bytes of `abs` in STREAM_CHUNK_BYTES chunks, reading only when the next chunk is pulled.
 * Aborting `signal` closes the file handle at once, even while the consumer is parked and never resumes
 * this generator (measured: an aborted zip leaked one descriptor per download otherwise).
 * A file that cannot be opened any more (deleted meanwhile) or is no regular file any more (a folder, a FIFO
 * or a device put in its place since it was walked) yields nothing. `scope`: see openRegularFile.
 */
export async function* readFileChunks(abs: string, signal: AbortSignal, scope?: string): AsyncGenerator<Uint8Array> {
  if (signal.aborted) return;
  const fh = await openRegularFile(abs, scope);
  if (!fh) return;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    fh.close().catch(() => {});
  };
  signal.addEventListener("abort", close, { once: true });
  try {
    for (;;) {
      const buf = new Uint8Array(STREAM_CHUNK_BYTES);
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0 || signal.aborted) return;
      yield bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    signal.removeEventListener("abort", close);
    close();
  }
}

/**
 * Exactly `size` bytes of `chunks`: cut when the file grew since it was measured, padded with zeros when
 * it shrank. A tar header announces the size before the content, so the content must keep that promise.
 */
export async function* exactly(chunks: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let left = size;
  if (left > 0) {
    for await (const chunk of chunks) {
      const part = chunk.byteLength > left ? chunk.subarray(0, left) : chunk;
      left -= part.byteLength;
      yield part;
      if (left === 0) break;
    }
  }
  while (left > 0) {
    const n = Math.min(left, STREAM_CHUNK_BYTES);
    left -= n;
    yield new Uint8Array(n);
  }
}
