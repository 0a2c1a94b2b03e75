/** Share download speed (http/throttle-stream.ts): pieces per second of a throttled download, and their least size. */
const THROTTLE_PIECES_PER_SECOND = 10;
const THROTTLE_MIN_PIECE_BYTES = 512;
/**
 * @module Byte streams slowed to a steady rate, for the download speed a share link may set. The rate belongs to
 * a Pacer that several streams may share (every download of one link together), so parallel connections do not
 * multiply it: each piece of about a tenth of a second books the next free slot of its pacer. Pure stream code.
 */

/** A rate in bytes per second and the time (performance.now() ms) from which it is free again. */
export interface Pacer {
  readonly bytesPerSecond: number;
  nextFreeMs: number;
}

/** A new pacer of `bytesPerSecond`, free now. */
export function makePacer(bytesPerSecond: number): Pacer {
  return { bytesPerSecond, nextFreeMs: 0 };
}

/**
 * Wraps `body` so its pieces go out no faster than `pacer` allows, together with the other streams of the same
 * pacer (the first piece of an idle pacer goes at once). Cancelling the result cancels `body`. `sleep` (ms) is
 * Bun's timer unless a test gives another.
 */
export function throttleStream(
  body: ReadableStream<Uint8Array>,
  pacer: Pacer,
  sleep: (ms: number) => Promise<void> = (ms) => Bun.sleep(ms),
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const piece = Math.max(THROTTLE_MIN_PIECE_BYTES, Math.floor(pacer.bytesPerSecond / THROTTLE_PIECES_PER_SECOND));
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
        // Book the slot: this piece leaves when the pacer is free, and holds it for its own time at the rate.
        const now = performance.now();
        const due = Math.max(now, pacer.nextFreeMs);
        pacer.nextFreeMs = due + (out.length / pacer.bytesPerSecond) * 1000;
        if (due > now) await sleep(due - now);
        controller.enqueue(out);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
