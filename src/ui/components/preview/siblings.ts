/** @module Previous/next neighbours of a previewed file among same-type siblings (SPEC §2 Preview). */

/** What the neighbour search reads from an item. */
export interface SiblingItem {
  path: string;
  type: string;
  isDir: boolean;
}

/** Neighbours of a file, and its 1-based position among the `count` files of its type (0 when unknown). */
export interface Neighbours<T> {
  prev: T | null;
  next: T | null;
  position: number;
  count: number;
}

/**
 * The previous and next items of the same type as `path` in `items` (already in display order).
 * Text and read-only text count as one type. Returns nulls and 0 when the file is not among them.
 */
export function neighbours<T extends SiblingItem>(items: readonly T[], path: string): Neighbours<T> {
  const group = (type: string) => (type === "textImmutable" ? "text" : type);
  const self = items.find((i) => i.path === path);
  if (!self) return { prev: null, next: null, position: 0, count: 0 };
  const same = items.filter((i) => !i.isDir && group(i.type) === group(self.type));
  const at = same.findIndex((i) => i.path === path);
  return { prev: same[at - 1] ?? null, next: same[at + 1] ?? null, position: at + 1, count: same.length };
}
