/** @module Folder picker store of the move and copy dialogs (docs/product.md "Folder picker"). */
import { proxy, ref, useSnapshot } from "valtio";
import { fetchResource, type Resource } from "../api/resources";
import { togglePick } from "./folder-picker-rules";
import { errorMessage } from "../api/errors";
import { makeFolder } from "./operations";

interface PickerState {
  browsing: string;
  folder: Resource | null;
  picked: string | null;
  loading: boolean;
  error: string | null;
}

const state = proxy<PickerState>({ browsing: "/", folder: null, picked: null, loading: false, error: null });
let seq = 0;

/** Snapshot of the picker. */
export function useFolderPicker() {
  return useSnapshot(state);
}

/** Opens a folder in the picker (the start folder, a double-clicked one, or ".."), dropping the pick. */
export async function browseTo(path: string): Promise<void> {
  const id = ++seq;
  state.browsing = path;
  state.picked = null;
  state.loading = true;
  state.error = null;
  try {
    const folder = await fetchResource(path);
    if (id === seq) state.folder = ref(folder);
  } catch (err) {
    if (id === seq) state.error = errorMessage(err);
  } finally {
    if (id === seq) state.loading = false;
  }
}

/**
 * A click on a row: picks it, or drops the pick when it was picked (docs/product.md "Folder picker": clicking again
 * deselects).
 */
export function pickFolder(path: string): void {
  state.picked = togglePick(state.picked, path);
}

/**
 * Creates a folder named `name` in the folder being browsed, lists it and picks it, so Move or Copy sends there.
 * @throws ApiError (409 when the name exists, 403...): the picker tells it beside the name field.
 */
export async function makePickerFolder(name: string): Promise<void> {
  const created = await makeFolder(state.browsing, name);
  await browseTo(state.browsing);
  state.picked = created;
}
