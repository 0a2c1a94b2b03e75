import { describe, expect, it } from "bun:test";
import { makePacer, throttleStream } from "../../../src/server/http/throttle-stream";

/** A stream of `chunks` byte arrays. */
const source = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });

describe("throttleStream", () => {
  it("passes every byte in order in pieces of a tenth of the rate, waiting as long as the rate asks", async () => {
    const data = Uint8Array.from({ length: 10_000 }, (_, i) => i % 251);
    const waits: number[] = [];
    const out = throttleStream(
      source([data.subarray(0, 3_000), data.subarray(3_000)]),
      makePacer(10_000),
      async (ms) => void waits.push(ms),
    );
    const got = new Uint8Array(await new Response(out).arrayBuffer());
    expect(got).toEqual(data);
    // 1,000-byte pieces at 10,000 B/s: the first goes at once, the ninth after the first eight had 0.8 s.
    expect(waits).toHaveLength(9);
    expect(Math.max(...waits)).toBeGreaterThan(850);
    expect(Math.max(...waits)).toBeLessThanOrEqual(900);
  });

  it("shares one pacer's rate between the streams that use it", async () => {
    const pacer = makePacer(10_000);
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const a = new Response(throttleStream(source([new Uint8Array(5_000)]), pacer, sleep)).arrayBuffer();
    const b = new Response(throttleStream(source([new Uint8Array(5_000)]), pacer, sleep)).arrayBuffer();
    await Promise.all([a, b]);
    // Ten 1,000-byte pieces in all at 10,000 B/s: the last of them books the slot 0.9 s after the first.
    expect(waits).toHaveLength(9);
    expect(Math.max(...waits)).toBeGreaterThan(850);
    expect(Math.max(...waits)).toBeLessThanOrEqual(900);
  });

  it("cancels its source when the reader goes away", async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(1024)),
      cancel: () => void (cancelled = true),
    });
    const reader = throttleStream(endless, makePacer(1_000_000)).getReader();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toBe(true);
  });
});
