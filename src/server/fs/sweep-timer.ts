/** @module The timer of the sweepers (tus uploads, temp files): a sweep every quarter of an expiry, at most once a minute. */
import { TUS_SWEEP_MAX_MS } from "../constants";

/**
 * Calls `sweep` every quarter of `expiryMs` (at least every 100 ms, at most every TUS_SWEEP_MAX_MS), passing its
 * failures to `onError`; the timer never keeps the process alive. Returns a stop function.
 */
export function startSweepTimer(
  expiryMs: number,
  sweep: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => void {
  const every = Math.max(100, Math.min(TUS_SWEEP_MAX_MS, Math.floor(expiryMs / 4)));
  const timer = setInterval(() => void sweep().catch(onError), every);
  timer.unref();
  return () => clearInterval(timer);
}
