/** @module Pure transfer speed and time left of uploads: bytes/s averaged over a sliding window of samples. */

/** Upload speeds are averaged over this sliding window, ms (UI choice: smooth, yet follows a change within seconds). */
const UPLOAD_SPEED_WINDOW_MS = 3000;
/** No speed is shown until the samples span this long, ms (the first progress events are bursty). */
const UPLOAD_SPEED_MIN_SPAN_MS = 500;

/** Bytes sent so far (`bytes`) at a time (`t`, ms). */
export interface SpeedSample {
  t: number;
  bytes: number;
}

/**
 * Adds a sample and drops those older than the window, keeping one sample at or before the window's start
 * so the average always spans the whole window. A count that went down (an upload started over) starts afresh.
 */
export function addSpeedSample(
  samples: readonly SpeedSample[],
  t: number,
  bytes: number,
  windowMs = UPLOAD_SPEED_WINDOW_MS,
): SpeedSample[] {
  const last = samples[samples.length - 1];
  if (last && (bytes < last.bytes || t < last.t)) return [{ t, bytes }];
  const next = [...samples, { t, bytes }];
  let first = 0;
  while (first + 1 < next.length && next[first + 1].t <= t - windowMs) first++;
  return next.slice(first);
}

/** Bytes per second over the samples, or null until they span UPLOAD_SPEED_MIN_SPAN_MS (too early to tell). */
export function speedOf(samples: readonly SpeedSample[]): number | null {
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const span = last.t - first.t;
  if (span < UPLOAD_SPEED_MIN_SPAN_MS) return null;
  return ((last.bytes - first.bytes) * 1000) / span;
}

/** Whole seconds left to send `remaining` bytes at `speed` bytes/s (rounded up), or null when the speed is unknown or zero. */
export function secondsLeft(remaining: number, speed: number | null): number | null {
  if (speed === null || !(speed > 0) || !Number.isFinite(remaining)) return null;
  return Math.ceil(Math.max(0, remaining) / speed);
}
