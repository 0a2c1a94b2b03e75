/**
 * @module Clipboard store (docs/product.md "Cut, copy and paste"): Ctrl+C copies, Ctrl+X cuts, Ctrl+V pastes into the
 * current folder.
 */
import { proxy, ref, useSnapshot } from "valtio";
import i18next from "i18next";
import { afterPaste, EMPTY_CLIPBOARD, pasteAction, putOnClipboard, type ClipboardContent } from "./clipboard-rules";
import { transferItems } from "./transfer";
import { settledFolder } from "./current-resource";
import { notifySuccess } from "../notify";

const state = proxy<ClipboardContent>({ mode: EMPTY_CLIPBOARD.mode, paths: ref([]) });

function assign(next: ClipboardContent): void {
  state.mode = next.mode;
  // Not proxied path by path: a cut may hold a whole folder of 100,000 paths, and it is only ever replaced.
  state.paths = ref([...next.paths]);
}

/** Snapshot of the clipboard. */
export function useClipboard() {
  return useSnapshot(state);
}

/** The clipboard right now (for actions outside React and tests). */
export function clipboardContent(): ClipboardContent {
  return { mode: state.mode, paths: [...state.paths] };
}

/** Copies paths to the clipboard (Ctrl+C). */
export function copyToClipboard(paths: readonly string[]): void {
  assign(putOnClipboard(state, "copy", paths));
  if (paths.length) notifySuccess(i18next.t("clipboard.copied", { count: paths.length }));
}

/** Cuts paths to the clipboard (Ctrl+X): the next paste moves them. */
export function cutToClipboard(paths: readonly string[]): void {
  assign(putOnClipboard(state, "cut", paths));
  if (paths.length) notifySuccess(i18next.t("clipboard.cut", { count: paths.length }));
}

/** Pastes into `dir` (Ctrl+V): moves after a cut, copies after a copy; the listing then reloads. */
export async function pasteInto(dir: string): Promise<void> {
  const action = pasteAction(state);
  if (!action) return;
  const paths = [...state.paths];
  const next = afterPaste(state);
  assign(next);
  await transferItems(action, paths, dir);
}

/** Pastes into the folder the current route names once it has loaded (settledFolder); nothing when it is not a folder. */
export async function pasteIntoCurrentFolder(): Promise<void> {
  const dir = await settledFolder();
  if (dir !== null) await pasteInto(dir);
}

/** Empties the clipboard. */
export function clearClipboard(): void {
  assign(EMPTY_CLIPBOARD);
}
