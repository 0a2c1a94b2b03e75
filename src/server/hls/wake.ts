/** @module A set of waiting callers woken together (an encoder's finished segment or end), with a time limit. */

/** Callbacks to call at the next event; each removes itself when called. */
export type WakeSet = Set<() => void>;

/** Resolves at the next call of one of `wake`'s members (the event), or after `ms`, whichever comes first. */
export function nextWake(wake: WakeSet, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wake.delete(done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    wake.add(done);
  });
}
