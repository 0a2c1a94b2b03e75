/**
 * @module Settings of the HLS encoder pool, resolved once at boot from the constants and two settings of the
 * Config meant for tests and operators: FBE_HLS_IDLE_MS (idle time before an encoder is stopped) and
 * FBE_HLS_DEBUG=1 (responses carry the encoder counts in the X-Hls-Encoders header).
 */
import { availableParallelism } from "node:os";
import { HLS_SEGMENT_SECONDS } from "../../shared/wire/video";
import type { Config } from "../config/flags";

/**
 * On-demand HLS: most encoders (one ffmpeg each) running at once. One libx264 720p encode at `veryfast` keeps about
 * one core busy, so the bound is the machine's parallelism (os.availableParallelism), capped at this many.
 */
export const HLS_MAX_ENCODERS_CAP = 4;
/**
 * On-demand HLS: a request for a segment at most this many segments past the last one a running encoder finished
 * waits for that encoder; further ahead (or behind where it started) starts a new encoder there, so a seek is served
 * in about one segment's encoding time instead of encoding everything in between.
 */
const HLS_ENCODER_LOOKAHEAD_SEGMENTS = 3;
/** On-demand HLS: an encoder that has not finished a requested segment after this long (ms) fails the request. */
const HLS_SEGMENT_WAIT_MS = 120_000;

/** What the HLS route and encoder pool are configured with. */
export interface HlsOptions {
  segmentS: number;
  idleMs: number;
  maxEncoders: number;
  lookaheadSegments: number;
  waitMs: number;
  /** When true, playlist and segment answers carry X-Hls-Encoders (running, peak, started, max). */
  debugHeader: boolean;
}

/** Response header of the encoder counts when debugging is on: `running=1; peak=2; started=5; max=2`. */
export const HLS_DEBUG_HEADER = "X-Hls-Encoders";

/**
 * The options from `config` (its idle time and debug switch) and the machine: at most one encoder per core
 * (os.availableParallelism), capped at HLS_MAX_ENCODERS_CAP.
 */
export function hlsOptionsOf(
  config: Pick<Config, "hlsIdleMs" | "hlsDebug">,
  cores = availableParallelism(),
): HlsOptions {
  return {
    segmentS: HLS_SEGMENT_SECONDS,
    idleMs: config.hlsIdleMs,
    maxEncoders: Math.max(1, Math.min(HLS_MAX_ENCODERS_CAP, cores)),
    lookaheadSegments: HLS_ENCODER_LOOKAHEAD_SEGMENTS,
    waitMs: HLS_SEGMENT_WAIT_MS,
    debugHeader: config.hlsDebug,
  };
}
