/**
 * @module Editor store (docs/product.md "Editor"): the open file's text, unsaved changes, Ctrl+S save with the
 * changed-on-disk check, and the leave warnings.
 */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { saveFile } from "../api/resource-actions";
import { fetchResource } from "../api/resources";
import { ApiError } from "../api/client";
import { errorMessage } from "../api/errors";
import { askDiscard, askSaveConflict, withProgress } from "./layout";
import { notifyError, notifySuccess } from "../notify";

interface EditorState {
  path: string | null;
  saved: string;
  /** The text as last loaded from disk, and a count of reloads: the editor's document starts over when it changes. */
  loaded: string;
  revision: number;
  dirty: boolean;
  saving: boolean;
}

const state = proxy<EditorState>({ path: null, saved: "", loaded: "", revision: 0, dirty: false, saving: false });
/** The live text; kept outside the proxy so typing does not re-render subscribers. */
let text = "";
/** The file's `modified` as last loaded or saved: the precondition of the next save. */
let modified: string | null = null;

function warnBeforeUnload(e: BeforeUnloadEvent): string {
  const message = i18next.t("editor.unsaved");
  e.preventDefault();
  e.returnValue = message;
  return message;
}

function setDirty(dirty: boolean): void {
  if (dirty === state.dirty) return;
  state.dirty = dirty;
  if (dirty) window.addEventListener("beforeunload", warnBeforeUnload);
  else window.removeEventListener("beforeunload", warnBeforeUnload);
}

/** Snapshot of the editor. */
export function useEditor() {
  return useSnapshot(state);
}

/** Whether the open file has unsaved changes (for the leave guards). */
export function isEditorDirty(): boolean {
  return state.dirty;
}

/** Starts editing a file with its content and `modified` value as loaded. */
export function openEditor(path: string, content: string, loadedModified: string | null = null): void {
  setDirty(false);
  state.path = path;
  state.saved = content;
  state.loaded = content;
  text = content;
  modified = loadedModified;
}

/** Closes the editor (the view left it). */
export function closeEditor(): void {
  setDirty(false);
  state.path = null;
  text = "";
  modified = null;
}

/** Records a change of the text. */
export function editText(next: string): void {
  text = next;
  setDirty(next !== state.saved);
}

/** Drops the edits and loads the file as it is on disk now (the "Reload from disk" answer). */
async function reloadFromDisk(path: string): Promise<void> {
  const file = await withProgress(() => fetchResource(path));
  openEditor(path, file.content ?? "", file.modified);
  state.revision++;
}

/**
 * PUTs the text, first only if the file is unchanged on disk since it was loaded; when the server answers 412 the
 * user sees the difference and chooses (docs/product.md "Editor"): Overwrite saves without the precondition (the
 * server keeps the disk's content as a version), Reload from disk drops the edits, Cancel keeps them unsaved.
 * Answers whether it was saved.
 */
async function putText(path: string, content: string): Promise<boolean> {
  try {
    modified = await withProgress(() => saveFile(path, content, modified ?? undefined));
    return true;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 412)) throw err;
    const choice = await askSaveConflict(path, content);
    if (choice === "reload") await reloadFromDisk(path);
    if (choice !== "overwrite") return false;
    modified = await withProgress(() => saveFile(path, content));
    return true;
  }
}

/** Saves the text (Ctrl/Cmd+S) and shows a success popup. Answers whether it was saved. */
export async function saveEditor(): Promise<boolean> {
  if (!state.path || state.saving) return false;
  const content = text;
  state.saving = true;
  try {
    if (!(await putText(state.path, content))) return false;
    state.saved = content;
    setDirty(text !== content);
    notifySuccess(i18next.t("editor.saved"));
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  } finally {
    state.saving = false;
  }
}

/** Before leaving the editor: true at once without changes, otherwise the user's answer to "discard changes?". */
export async function confirmLeaveEditor(): Promise<boolean> {
  if (!state.dirty) return true;
  const discard = await askDiscard();
  if (discard) setDirty(false);
  return discard;
}
