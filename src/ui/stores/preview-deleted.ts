/**
 * @module Images deleted from the preview (docs/product.md "Image gallery"): the one just deleted shows a placeholder
 * until the preview moves on, and all of them are skipped by previous/next until the folder is listed again.
 */
import { proxy, useSnapshot } from "valtio";

const state = proxy<{ paths: string[] }>({ paths: [] });

/** Marks `path` as deleted from the preview. */
export function markDeleted(path: string): void {
  if (!state.paths.includes(path)) state.paths.push(path);
}

/** Paths deleted from the preview since the page loaded. */
export function useDeletedPaths(): readonly string[] {
  return useSnapshot(state).paths;
}

/** Forgets the deleted paths once the folder was listed again (the listing no longer holds them). */
export function forgetDeleted(): void {
  if (state.paths.length) state.paths = [];
}
