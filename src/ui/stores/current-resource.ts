/**
 * @module Files view store: the resource of the current route, its loading and error state (docs/product.md "Files
 * view").
 */
import { proxy, useSnapshot, ref, subscribe } from "valtio";
import { forgetDeleted } from "./preview-deleted";
import { fetchResource, type Resource } from "../api/resources";
import { errorKindOf, type ErrorKind } from "../api/errors";
import { parentPath } from "../format/encode-path";
import { withProgress } from "./layout";

interface CurrentResourceState {
  path: string | null;
  loading: boolean;
  resource: Resource | null;
  error: ErrorKind | null;
  /** The last folder listing seen: the parent of a preview, and shown at once when going back to it. */
  listing: Resource | null;
}

const state = proxy<CurrentResourceState>({ path: null, loading: false, resource: null, error: null, listing: null });
let seq = 0;
/**
 * The folder of the preview on screen, and whether its listing was on screen when the preview's first file
 * loaded (moves among the folder's files keep it). Decided here, not when the preview mounts: its code loads
 * on first use, and the folder's listing may have arrived by then.
 */
let preview: { dir: string; fromListing: boolean } | null = null;

/** Snapshot of the files view. */
export function useCurrentResource() {
  return useSnapshot(state);
}

/** The decoded path of the current route, or null outside /files. */
export function currentPath(): string | null {
  return state.path;
}

/** True when the preview of `file` was opened from its folder's listing (false: by its URL, or unknown). */
export function previewOpenedFromListing(file: string): boolean {
  return preview !== null && preview.dir === parentPath(file) && preview.fromListing;
}

/** The folder listing the current view belongs to (the folder itself, or a preview's parent). */
export function currentListing(): Resource | null {
  return state.listing;
}

/**
 * Loads the resource of a route path. A repeated call for the path being loaded is skipped; an answer
 * that arrives after the route moved on is ignored (docs/product.md "Files view").
 */
export async function loadPath(path: string, force = false): Promise<void> {
  if (!force && state.path === path && (state.loading || state.resource)) return;
  const id = ++seq;
  state.path = path;
  state.loading = true;
  state.error = null;
  if (state.listing && state.listing.path === path) state.resource = state.listing;
  try {
    const res = await withProgress(() => fetchResource(path));
    if (id !== seq) return;
    const before = state.resource;
    state.resource = ref(res);
    if (res.isDir) {
      preview = null;
      state.listing = ref(res);
      // A fresh listing no longer holds what the preview deleted; a new file may reuse such a name.
      forgetDeleted();
    } else {
      const dir = parentPath(res.path);
      const moved = before && !before.isDir && parentPath(before.path) === dir && preview?.dir === dir;
      if (!moved) preview = { dir, fromListing: state.listing?.path === dir };
      void loadParentOf(res, id);
    }
  } catch (err) {
    if (id !== seq) return;
    state.resource = null;
    state.error = errorKindOf(err);
  } finally {
    if (id === seq) state.loading = false;
  }
}

async function loadParentOf(file: Resource, id: number): Promise<void> {
  const dir = parentPath(file.path);
  if (state.listing?.path === dir) return;
  try {
    const listing = await fetchResource(dir);
    if (id === seq) state.listing = ref(listing);
  } catch {
    // A preview without its folder still works; it only loses previous/next.
  }
}

/**
 * The path of the folder the current route shows, once its load has ended: an action asked for while the next
 * folder loads (Ctrl+V right after opening it) acts on the folder the route names, not the one still on screen.
 * Resolves null when the route ends on a file, an error, or leaves the files view.
 */
export function settledFolder(): Promise<string | null> {
  return new Promise((resolve) => {
    const settled = () => {
      if (state.loading) return false;
      resolve(state.resource?.isDir && state.resource.path === state.path ? state.resource.path : null);
      return true;
    };
    if (settled()) return;
    const stop = subscribe(state, () => settled() && stop());
  });
}

/** Reloads the current route (after upload, delete, new folder). */
export function reload(): Promise<void> {
  return state.path === null ? Promise.resolve() : loadPath(state.path, true);
}

/** Reloads when the given folder is the one on screen. */
export function reloadIfShowing(dir: string): Promise<void> {
  return state.path === dir ? reload() : Promise.resolve();
}
