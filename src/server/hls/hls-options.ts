/**
 * @module Settings of the HLS encoder pool, resolved once at boot from the constants and two environment
 * variables meant for tests and operators: FBE_HLS_IDLE_MS (idle time before an encoder is stopped) and
 * FBE_HLS_DEBUG=1 (responses carry the encoder counts in the X-Hls-Encoders header).
 */
import { availableParallelism } from "node:os";
import { HLS_SEGMENT_SECONDS } from "../../shared/wire/video";
import {
  HLS_ENCODER_IDLE_MS, HLS_ENCODER_LOOKAHEAD_SEGMENTS, HLS_MAX_ENCODERS_CAP, HLS_SEGMENT_WAIT_MS,
} from "../constants";

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
 * The options from `env` (process.env at boot) and the machine: at most one encoder per core
 * (os.availableParallelism), capped at HLS_MAX_ENCODERS_CAP.
 */
export function hlsOptionsFromEnv(env: Record<string, string | undefined>, cores = availableParallelism()): HlsOptions {
  const idle = Number(env.FBE_HLS_IDLE_MS);
  return {
    segmentS: HLS_SEGMENT_SECONDS,
    idleMs: Number.isFinite(idle) && idle > 0 ? idle : HLS_ENCODER_IDLE_MS,
    maxEncoders: Math.max(1, Math.min(HLS_MAX_ENCODERS_CAP, cores)),
    lookaheadSegments: HLS_ENCODER_LOOKAHEAD_SEGMENTS,
    waitMs: HLS_SEGMENT_WAIT_MS,
    debugHeader: env.FBE_HLS_DEBUG === "1",
  };
}
