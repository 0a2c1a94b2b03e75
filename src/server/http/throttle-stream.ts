/**
 * @module A byte stream slowed to a steady rate, for the download speed a share link may set: pieces of about a
 * tenth of a second each, every piece sent no earlier than the rate allows since the start. Pure stream code.
 */
import { THROTTLE_MIN_PIECE_BYTES, THROTTLE_PIECES_PER_SECOND } from "../constants";

/**
 * Wraps `body` so it yields at most `bytesPerSecond` on average (the first piece goes at once). Cancelling the
 * result cancels `body`. `sleep` (ms) is Bun's timer unless a test gives another.
 */
export function throttleStream(
  body: ReadableStream<Uint8Array>, bytesPerSecond: number, sleep: (ms: number) => Promise<void> = (ms) => Bun.sleep(ms),
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const piece = Math.max(THROTTLE_MIN_PIECE_BYTES, Math.floor(bytesPerSecond / THROTTLE_PIECES_PER_SECOND));
  const start = performance.now();
  let sent = 0;
  let pending: Uint8Array = new Uint8Array(0);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending.length === 0) {
          const next = await reader.read();
          if (next.done) return controller.close();
          pending = next.value;
        }
        const out = pending.subarray(0, piece);
        pending = pending.subarray(out.length);
        // This piece may leave once the bytes before it have had their time at the rate.
        const wait = start + (sent / bytesPerSecond) * 1000 - performance.now();
        if (wait > 0) await sleep(wait);
        sent += out.length;
        controller.enqueue(out);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
