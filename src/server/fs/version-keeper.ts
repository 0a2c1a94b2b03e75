/**
 * @module The hook the write paths call before they replace a file's bytes (docs/ARCHITECTURE.md "Versions"): each
 * server registers its Versions for its files root at start; a write outside every registered root (tools opening a
 * store alone, unit tests) keeps nothing.
 */
import { isInside } from "./scope";

/** What keeps the content of a file about to be replaced. */
export interface VersionKeeper {
  /** Keeps the content at `at` (a path through a folder held open) of the file whose tree path is `treeAbs`. Never throws. */
  keep(at: string, treeAbs: string): Promise<void>;
}

/** Keepers by the real path of their files root (several servers may run in one process, as in tests). */
const keepers = new Map<string, VersionKeeper>();

/** Makes `k` the keeper of the files root `rootReal` (null: none). */
export function setVersionKeeper(rootReal: string, k: VersionKeeper | null): void {
  if (k) keepers.set(rootReal, k);
  else keepers.delete(rootReal);
}

/**
 * Keeps the current content of the file about to be replaced; `at` is where to read it, `treeAbs` its path in the
 * tree. Never throws: a version that cannot be kept is logged by the keeper, and the write goes on.
 */
export async function keepVersionOf(at: string, treeAbs: string): Promise<void> {
  let best: string | null = null;
  for (const root of keepers.keys()) if (isInside(root, treeAbs) && (!best || root.length > best.length)) best = root;
  if (best) await keepers.get(best)!.keep(at, treeAbs);
}
