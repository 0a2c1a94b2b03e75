/** @module Editor store (SPEC §2 Editor): the open file's text, unsaved changes, Ctrl+S save, and the leave warnings. */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { saveFile } from "../api/resource-actions";
import { askDiscard, withProgress } from "./layout";
import { notifyError, notifySuccess } from "../notify";

interface EditorState {
  path: string | null;
  saved: string;
  dirty: boolean;
  saving: boolean;
}

const state = proxy<EditorState>({ path: null, saved: "", dirty: false, saving: false });
/** The live text; kept outside the proxy so typing does not re-render subscribers. */
let text = "";

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

/** Starts editing a file with its content as loaded. */
export function openEditor(path: string, content: string): void {
  setDirty(false);
  state.path = path;
  state.saved = content;
  text = content;
}

/** Closes the editor (the view left it). */
export function closeEditor(): void {
  setDirty(false);
  state.path = null;
  text = "";
}

/** Records a change of the text. */
export function editText(next: string): void {
  text = next;
  setDirty(next !== state.saved);
}

/** Saves the text with PUT (Ctrl/Cmd+S) and shows a success popup. Answers whether it was saved. */
export async function saveEditor(): Promise<boolean> {
  if (!state.path || state.saving) return false;
  const content = text;
  state.saving = true;
  try {
    await withProgress(() => saveFile(state.path!, content));
    state.saved = content;
    setDirty(text !== content);
    notifySuccess(i18next.t("editor.saved"));
    return true;
  } catch (err) {
    notifyError((err as Error).message);
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
