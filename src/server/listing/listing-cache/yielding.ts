/**
 * @module Work on large arrays cut into slices with a turn of the event loop between them, so a 100,000-entry
 * listing never holds the one JavaScript thread for long (other requests are answered between slices).
 */

/** Entries handled between two turns of the event loop (about 1-3 ms of work each). */
export const SLICE = 2048;

/** Entries sorted at once before merging (natural name comparison is slower per entry than the other steps). */
const SORT_SLICE = 1024;

/** Lets the event loop run pending I/O and timers once. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A stable sort of `items` by `cmp` that yields to the event loop between slices: each slice of SLICE items is
 * sorted (SORT_SLICE at a time), then runs are merged pairwise, yielding every SLICE merged items. Returns a new array; `items` is left
 * as it was. Arrays of at most one slice are sorted at once.
 */
export async function sortYielding<T>(items: readonly T[], cmp: (a: T, b: T) => number): Promise<T[]> {
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += SORT_SLICE) {
    runs.push(items.slice(i, i + SORT_SLICE).sort(cmp));
    if (items.length > SORT_SLICE) await yieldToLoop();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2)
      merged.push(r + 1 < runs.length ? await mergeRuns(runs[r], runs[r + 1], cmp) : runs[r]);
    runs = merged;
  }
  return runs[0] ?? [];
}

async function mergeRuns<T>(a: T[], b: T[], cmp: (x: T, y: T) => number): Promise<T[]> {
  const out: T[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    // Ties take from the left run first: the sort stays stable.
    out[k++] = cmp(b[j], a[i]) < 0 ? b[j++] : a[i++];
    if (k % SLICE === 0) await yieldToLoop();
  }
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
