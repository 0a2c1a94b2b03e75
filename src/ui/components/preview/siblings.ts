/**
 * @module Previous/next neighbours of a previewed file among same-type siblings (docs/product.md "Preview"), and
 * related files.
 */

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
 * Names of video thumbnails made by the mkthumb task: `<video name>._vthumb_.jpg|png` (docs/interfaces.md "Task
 * outputs").
 */
const VIDEO_THUMB = /^(.+)\._vthumb_\.(?:png|jpe?g)$/i;

/**
 * The files of `items` (already in display order) with the type of `path`, in that order; empty when `path` is not
 * among them. Text and read-only text count as one type.
 */
export function sameTypeSiblings<T extends SiblingItem>(items: readonly T[], path: string): T[] {
  const group = (type: string) => (type === "textImmutable" ? "text" : type);
  const self = items.find((i) => i.path === path);
  if (!self) return [];
  return items.filter((i) => !i.isDir && group(i.type) === group(self.type));
}

/**
 * The previous and next items of the same type as `path` in `items` (already in display order).
 * Returns nulls and 0 when the file is not among them.
 */
export function neighbours<T extends SiblingItem>(items: readonly T[], path: string): Neighbours<T> {
  const same = sameTypeSiblings(items, path);
  const at = same.findIndex((i) => i.path === path);
  if (at < 0) return { prev: null, next: null, position: 0, count: 0 };
  return { prev: same[at - 1] ?? null, next: same[at + 1] ?? null, position: at + 1, count: same.length };
}

/**
 * The neighbours of the routed file `routed` when it is another file of `items` (the route moved on and its file is
 * still loading), otherwise those of `shown`, the file on screen.
 */
export function routedNeighbours<T extends SiblingItem>(
  items: readonly T[],
  shown: string,
  routed: string | null,
): Neighbours<T> {
  if (routed && routed !== shown) {
    const moved = neighbours(items, routed);
    if (moved.position > 0) return moved;
  }
  return neighbours(items, shown);
}

/** `items` without the paths deleted from the preview, except `keep` (the file on screen shows its placeholder). */
export function withoutDeleted<T extends SiblingItem>(
  items: readonly T[],
  deleted: readonly string[],
  keep: string,
): T[] {
  return items.filter((i) => i.path === keep || !deleted.includes(i.path));
}

/**
 * The video that the image `name` is a thumbnail of (docs/product.md "Preview bar", play the related video:
 * `clip.mp4._vthumb_.png` belongs to `clip.mp4`), when `items` (the same folder) hold it; otherwise null.
 */
export function relatedVideo<T extends SiblingItem & { name: string }>(items: readonly T[], name: string): T | null {
  const video = VIDEO_THUMB.exec(name)?.[1];
  return (video && items.find((i) => !i.isDir && i.name === video)) || null;
}
