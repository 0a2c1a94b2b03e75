/**
 * @module The body of an answer read from an open file descriptor, which it closes when done: a file opened
 * beneath a scope (fs/beneath.ts) is sent from that descriptor, never reopened by a path that could have changed.
 */
import { closeSync, read, readSync } from "node:fs";

/**
 * Up to this many bytes are read at once and sent as one buffer. Measured with Bun 1.4.5 on an answer given after a
 * turn of the event loop: a 4 KiB buffer answers about 3 times as fast as a file by path, a 16 KiB one already
 * slower than the file (sendfile), so larger parts go by the descriptor's path (file-response.ts).
 */
export const WHOLE_READ_MAX = 8 * 1024;
/** Read size of a streamed body, in bytes. */
const CHUNK = 256 * 1024;

/**
 * Bytes [start, end) of the file open as `fd`, as a buffer (small parts) or a stream, and closes `fd`: at once for a
 * buffer or an empty part, when the stream ends, fails or is cancelled otherwise (a pending read finishes first,
 * so the descriptor number is never closed under a read). The file may shrink meanwhile: the body then ends early,
 * and the client sees a short answer, as with any file cut while it is sent.
 */
export function fdBody(fd: number, start: number, end: number): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (end - start <= WHOLE_READ_MAX) {
    try {
      const buf = new Uint8Array(Math.max(0, end - start));
      let got = 0;
      while (got < buf.length) {
        const n = readSync(fd, buf, got, buf.length - got, start + got);
        if (n === 0) break;
        got += n;
      }
      return got === buf.length ? buf : buf.slice(0, got);
    } finally {
      closeSync(fd);
    }
  }
  let pos = start;
  let closed = false;
  let cancelled = false;
  let pending: Promise<void> = Promise.resolve();
  const close = () => {
    if (!closed) closeSync(fd);
    closed = true;
  };
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pending = new Promise<void>((resolve) => {
          const buf = new Uint8Array(Math.min(CHUNK, end - pos));
          read(fd, buf, 0, buf.length, pos, (err, n) => {
            resolve();
            if (closed || cancelled) return;
            if (err) {
              close();
              controller.error(err);
              return;
            }
            pos += n;
            if (n > 0) controller.enqueue(n === buf.length ? buf : buf.slice(0, n));
            if (n === 0 || pos >= end) {
              close();
              controller.close();
            }
          });
        });
        return pending;
      },
      async cancel() {
        cancelled = true;
        await pending;
        close();
      },
    },
    { highWaterMark: 0 },
  );
}
