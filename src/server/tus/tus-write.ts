/** @module Appends one tus request body to an upload's temp file at its offset, keeping what arrived when the client goes away. */
import { open } from "node:fs/promises";
import { PayloadTooLarge } from "../errors";

/** The outcome of one body: bytes stored and whether the client went away before its end. */
export interface AppendResult {
  written: number;
  aborted: boolean;
}

/**
 * Streams `body` into the file `tmp` from byte `offset` on, calling `progress(newOffset)` after every write so
 * a HEAD during the request sees the stored bytes. At most `room` bytes are taken: more than that is refused
 * before anything past `room` is written. A client that disconnects mid-body is not an error: what was stored
 * stays and counts (tus core protocol: the next HEAD answers it and the client resumes from there).
 * Each write is awaited, so memory stays flat for any body size.
 * @throws PayloadTooLarge (413) when the body holds more than `room` bytes (the bytes up to `room` stay).
 */
export async function appendBody(
  tmp: string,
  offset: number,
  body: ReadableStream<Uint8Array> | null,
  room: number,
  progress: (offset: number) => void,
): Promise<AppendResult> {
  if (!body) return { written: 0, aborted: false };
  const fh = await open(tmp, "r+");
  let written = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        // Bun rejects the read with an AbortError when the client disconnects.
        return { written, aborted: true };
      }
      if (chunk.done) return { written, aborted: false };
      let value = chunk.value;
      const over = written + value.byteLength > room;
      if (over) value = value.subarray(0, room - written);
      let done = 0;
      while (done < value.byteLength) {
        const { bytesWritten } = await fh.write(value, done, value.byteLength - done, offset + written + done);
        done += bytesWritten;
      }
      written += value.byteLength;
      progress(offset + written);
      if (over) {
        await reader.cancel().catch(() => {});
        throw new PayloadTooLarge("the body is longer than the upload's remaining length");
      }
    }
  } finally {
    reader.releaseLock();
    await fh.close();
  }
}
