/**
 * @module Trash store (docs/product.md "Trash"): the caller's entries for the Trash page, restoring them (asking
 * Replace / Keep both / Cancel when the name is taken), deleting one forever, emptying the trash, and the Undo a
 * delete offers in its popup.
 */
import { proxy, ref, useSnapshot } from "valtio";
import i18next from "i18next";
import { ApiError } from "../api/client";
import { errorKindOf, errorMessage, type ErrorKind } from "../api/errors";
import {
  deleteTrashItem,
  emptyTrash,
  fetchTrash,
  restoreTrashItem,
  type RestoreConflict,
  type TrashItem,
  type TrashList,
} from "../api/trash";
import { parentPath } from "../format/encode-path";
import { notifyError, notifySuccess, notifyWithAction } from "../notify";
import { reload, reloadIfShowing } from "./current-resource";
import { askRestoreConflict, withProgress } from "./layout";
import { baseName } from "./transfer-rules";
import { restoreConflictOf, type TrashedItem } from "./trash-rules";

/** How long the popup with Undo stays after a delete (docs/product.md "Trash"). */
const UNDO_POPUP_MS = 10_000;

interface TrashState {
  /** The caller's entries and the retention; null until the first answer. */
  list: TrashList | null;
  /** Why the list could not be loaded (the page shows the error view). */
  error: ErrorKind | null;
  /** A restore, delete or empty is under way: the page's buttons wait. */
  busy: boolean;
}

const state = proxy<TrashState>({ list: null, error: null, busy: false });

/** Snapshot of the trash. */
export function useTrash() {
  return useSnapshot(state);
}

/** Loads the caller's entries (newest first, as the server answers); a failure shows the page's error view. */
export async function loadTrash(): Promise<void> {
  try {
    state.list = ref(await withProgress(fetchTrash));
    state.error = null;
  } catch (err) {
    state.error = errorKindOf(err);
  }
}

/**
 * Restores one entry into `destination`, or the folder it was deleted from; a name taken there asks Replace / Keep
 * both / Cancel and sends again with that answer. Returns where the item is now, or null when cancelled.
 * @throws ApiError of any failure but the first 409.
 */
async function restoreAsking(id: string, name: string, dir: string, destination?: string): Promise<string | null> {
  const send = (conflict: RestoreConflict) =>
    withProgress(() => restoreTrashItem(id, destination ? { destination, conflict } : { conflict }));
  try {
    return (await send("fail")).path;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
    const conflict = restoreConflictOf(await askRestoreConflict(name, destination ?? dir));
    return conflict ? (await send(conflict)).path : null;
  }
}

/** Runs one action of the page while its buttons wait; a failure shows its message; the list is loaded again after. */
async function pageAction(work: () => Promise<void>): Promise<void> {
  if (state.busy) return;
  state.busy = true;
  try {
    await work();
  } catch (err) {
    notifyError(errorMessage(err));
  } finally {
    state.busy = false;
  }
  await loadTrash();
}

/**
 * Restores an entry of the Trash page where it was, or into `destination` (Restore to…), with "Restored to {path}";
 * the files view of that folder is fetched again.
 */
export function restoreEntry(item: TrashItem, destination?: string): Promise<void> {
  return pageAction(async () => {
    const path = await restoreAsking(item.id, item.name, item.dir, destination);
    if (path === null) return;
    notifySuccess(i18next.t("trash.restoredTo", { path }));
    await reloadIfShowing(parentPath(path));
  });
}

/** Deletes one entry forever ("Deleted forever"). */
export function deleteEntryForever(id: string): Promise<void> {
  return pageAction(async () => {
    await withProgress(() => deleteTrashItem(id));
    notifySuccess(i18next.t("trash.deletedForever"));
  });
}

/** Empties the caller's trash ("Trash emptied"). */
export function emptyWholeTrash(): Promise<void> {
  return pageAction(async () => {
    const count = await withProgress(emptyTrash);
    notifySuccess(i18next.t("trash.emptied", { count }));
  });
}

/**
 * Puts back what a delete put in the trash, each where it was (a taken name asks as on the Trash page), then reloads
 * the files view and says "Restored"; a failure of one shows its message and the others go on.
 */
export async function undoDelete(items: readonly TrashedItem[]): Promise<void> {
  let restored = 0;
  for (const { id, path } of items) {
    try {
      if ((await restoreAsking(id, baseName(path), parentPath(path))) !== null) restored++;
    } catch (err) {
      notifyError(errorMessage(err));
    }
  }
  await reload();
  if (restored > 0) notifySuccess(i18next.t("trash.undo.restored"));
}

/** The popup after a delete that put items in the trash: "Deleted N item(s)" with Undo, for UNDO_POPUP_MS. */
export function offerUndo(items: readonly TrashedItem[], deleted: number): void {
  notifyWithAction(
    i18next.t("trash.undo.deleted", { count: deleted }),
    { label: i18next.t("trash.undo.action"), onClick: () => void undoDelete(items) },
    UNDO_POPUP_MS,
  );
}
