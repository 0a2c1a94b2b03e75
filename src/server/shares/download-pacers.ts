/**
 * @module One download pacer per share link (http/throttle-stream.ts), so a link's speed limit holds for all its
 * public downloads together, however many run at once. Kept in memory; idle pacers are dropped.
 */
import { makePacer, type Pacer } from "../http/throttle-stream";

/** Share download speed: past this many links with a pacer in memory, the idle ones are dropped. */
const PACER_SWEEP_LINKS = 1_000;

const pacers = new Map<string, Pacer>();

/** The pacer of link `hash` at `bytesPerSecond` (a new one when the link's speed changed). */
export function pacerOf(hash: string, bytesPerSecond: number): Pacer {
  let pacer = pacers.get(hash);
  if (!pacer || pacer.bytesPerSecond !== bytesPerSecond) {
    if (pacers.size >= PACER_SWEEP_LINKS) {
      const now = performance.now();
      for (const [key, p] of pacers) if (p.nextFreeMs < now) pacers.delete(key);
    }
    pacer = makePacer(bytesPerSecond);
    pacers.set(hash, pacer);
  }
  return pacer;
}
