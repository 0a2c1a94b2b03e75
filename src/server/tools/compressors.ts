/** @module The bzip2, xz and lz4 command-line compressors as stream filters: pure argument builders plus one runner. */
import { spawnFilter } from "./spawn";

/** Compressors run as processes (gzip and snappy run in-process, see archive/compress.ts). */
export type CompressorTool = "bzip2" | "xz" | "lz4";

export const COMPRESSOR_TOOLS: readonly CompressorTool[] = ["bzip2", "xz", "lz4"];

/**
 * Arguments that make `tool` compress stdin to stdout:
 * - bzip2 `-c`: its default block size (900 k) costs no speed.
 * - xz `-c -T0 -1`: all cores, preset 1, the fastest useful for a download (measured).
 * - lz4 `-c`: level 1 (its default); with stdout not a terminal lz4 streams frames.
 */
export function buildCompressorArgs(tool: CompressorTool): string[] {
  switch (tool) {
    case "bzip2":
      return ["-c"];
    case "xz":
      return ["-c", "-T0", "-1"];
    case "lz4":
      return ["-c"];
  }
}

/**
 * Compresses `input` through the `tool` process. Pull-based: the tool reads only as fast as the client
 * downloads. Aborting `signal` or cancelling the result kills the process.
 */
export function runCompressor(
  tool: CompressorTool,
  input: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  return spawnFilter({ cmd: tool, args: buildCompressorArgs(tool), input, signal });
}
