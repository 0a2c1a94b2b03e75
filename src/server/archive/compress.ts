/**
 * @module Compresses a tar stream for a format: gzip and snappy in-process, bzip2/xz/lz4 through their tool processes.
 * The snappy native addon is extracted and loaded by the first snappy archive, not at start.
 */
import { runCompressor } from "../tools/compressors";
import type { Compression } from "./formats";

/**
 * Snappy framing format (google/snappy framing_format.txt, stream identifier `ff 06 00 00 sNaPpY`) through
 * the snappy package's incremental Compressor, which frames 64 KiB blocks with masked CRC-32C checksums. The
 * package (a chunk of its own in the binary) and its native addon load when the first snappy stream starts.
 */
function snappyFramed(): TransformStream<Uint8Array, Uint8Array> {
  let compressor: InstanceType<typeof import("snappy").Compressor>;
  return new TransformStream<Uint8Array, Uint8Array>({
    async start() {
      compressor = new (await import("snappy")).Compressor();
    },
    transform(chunk, ctrl) {
      const out = compressor.update(chunk);
      if (out.byteLength > 0) ctrl.enqueue(out);
    },
    async flush(ctrl) {
      const tail = await compressor.finish();
      if (tail.byteLength > 0) ctrl.enqueue(tail);
    },
  });
}

/**
 * `tar` compressed with `compression`. gzip uses the runtime's CompressionStream (zlib level 6, like
 * `tar czf`); the tool compressors are killed when `signal` aborts. The caller checks first that the tool
 * is installed (tools/available.ts).
 */
export function compressTar(
  tar: ReadableStream<Uint8Array>,
  compression: Compression,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  switch (compression) {
    case "none":
      return tar;
    case "gzip":
      return tar.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>, {
        signal,
      });
    case "snappy":
      return tar.pipeThrough(snappyFramed(), { signal });
    default:
      return runCompressor(compression, tar, signal);
  }
}
