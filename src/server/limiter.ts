/** @module A concurrency limit for async work: at most `max` tasks run at once, the others wait their turn in order. */

/** Runs a task under the limit; resolves or rejects as the task does. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A limit of `max` tasks at once (a whole number, 1 or more). A finishing task, failed or not, hands its slot
 * straight to the longest-waiting one, so waiting tasks start in the order they came.
 */
export function limiter(max: number): Limit {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
