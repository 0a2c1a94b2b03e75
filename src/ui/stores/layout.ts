/**
 * @module Layout store: the one open prompt (docs/product.md "Overlay dialogs"), the sidebar drawer, the task panel and
 * the progress bar.
 */
import { proxy, useSnapshot } from "valtio";
import type { ConflictChoice, ConflictChoices } from "./transfer-rules";
import type { TrashItem } from "../api/trash";
import type { FileVersion } from "../api/versions";

/** The dialogs; one at a time. Prompts that ask a question resolve through `ask*` below. */
export type Prompt =
  | { kind: "delete"; paths: string[]; then?: string }
  | { kind: "newFolder" }
  | { kind: "newFile" }
  | { kind: "rename"; path: string }
  | { kind: "move"; paths: string[] }
  | { kind: "copy"; paths: string[] }
  | { kind: "download"; paths: string[] }
  | { kind: "info"; paths: string[] }
  | { kind: "chmod"; paths: string[] }
  | { kind: "passwordRename"; path: string }
  | { kind: "mediaInfo"; path: string }
  | { kind: "share"; path: string }
  | { kind: "help" }
  | { kind: "about" }
  | { kind: "replace"; names: string[] }
  | { kind: "conflict"; name: string; more: boolean }
  | { kind: "restoreConflict"; name: string; dir: string }
  | { kind: "restoreTo"; item: TrashItem }
  | { kind: "versionCompare"; path: string; version: FileVersion }
  | { kind: "versionRestore"; path: string; version: FileVersion }
  | { kind: "discard" }
  | { kind: "saveConflict"; path: string; text: string }
  | { kind: "shell"; dir: string }
  | { kind: "makeTorrent"; path: string }
  | { kind: "makeThumbnail"; path: string }
  | { kind: "extractSubtitle"; path: string }
  | { kind: "unarchive"; path: string }
  | { kind: "searchStats" };

interface LayoutState {
  prompt: Prompt | null;
  sidebarOpen: boolean;
  taskPanelOpen: boolean;
  busy: number;
}

const state = proxy<LayoutState>({ prompt: null, sidebarOpen: false, taskPanelOpen: false, busy: 0 });
/** The pending answer of a question prompt and what closing it without an answer means. */
let pending: { resolve: (value: unknown) => void; cancel: unknown } | null = null;

/** Snapshot of the layout state. */
export function useLayout() {
  return useSnapshot(state);
}

/** Whether a prompt is open (keyboard shortcuts stand down then). */
export function hasPrompt(): boolean {
  return state.prompt !== null;
}

function settle(value?: unknown): void {
  const p = pending;
  pending = null;
  p?.resolve(value === undefined ? p.cancel : value);
}

/** Opens a prompt, replacing any other (a question replaced counts as cancelled). */
export function showPrompt(prompt: Prompt): void {
  settle();
  state.prompt = prompt;
}

/** Closes the open prompt; an open question counts as cancelled. */
export function closePrompt(): void {
  settle();
  state.prompt = null;
}

function ask<T>(prompt: Prompt, cancel: T): Promise<T> {
  showPrompt(prompt);
  return new Promise<T>((resolve) => {
    pending = { resolve: resolve as (v: unknown) => void, cancel };
  });
}

/** Answers the open question prompt and closes it. */
export function answerPrompt(value: unknown): void {
  settle(value);
  state.prompt = null;
}

/**
 * Shows the replace prompt of an upload for the given names (docs/product.md "Upload"): Replace, Skip or Keep both for
 * each; closing it skips them all.
 */
export function askReplace(names: string[]): Promise<ConflictChoices> {
  return ask({ kind: "replace", names }, {} as ConflictChoices);
}

/** Answers the open replace prompt with a choice per name and closes it. */
export function answerReplace(choices: ConflictChoices): void {
  answerPrompt(choices);
}

/** Asks what to do with a name that exists at a move/copy destination; `more` offers the answer for the rest. */
export function askConflict(name: string, more: boolean): Promise<{ choice: ConflictChoice; forAll: boolean }> {
  return ask({ kind: "conflict", name, more }, { choice: "skip" as ConflictChoice, forAll: true });
}

/**
 * Asks what to do with a trash entry whose name is taken where it goes back to (docs/product.md "Trash"): Replace,
 * Keep both, or Cancel (answered as "skip", as closing it is).
 */
export function askRestoreConflict(name: string, dir: string): Promise<ConflictChoice> {
  return ask({ kind: "restoreConflict", name, dir }, "skip" as ConflictChoice);
}

/** Asks whether to leave the editor and lose unsaved changes: true to discard. */
export function askDiscard(): Promise<boolean> {
  return ask({ kind: "discard" }, false);
}

/**
 * What to do when an editor save finds the file changed on disk since it was opened (docs/product.md "Editor"): save
 * over it, load the disk's content instead, or go back to the edits.
 */
export type SaveConflictChoice = "overwrite" | "reload" | "cancel";

/** Asks what to do with the editor's `text` of `path`, which changed on disk since it was opened; closing it cancels. */
export function askSaveConflict(path: string, text: string): Promise<SaveConflictChoice> {
  return ask({ kind: "saveConflict", path, text }, "cancel" as SaveConflictChoice);
}

/** Opens or closes the sidebar drawer (mobile). */
export function setSidebarOpen(open: boolean): void {
  state.sidebarOpen = open;
}

/** Shows or hides the task panel (docs/product.md "Task panel": F4, t, the context menu). */
export function toggleTaskPanel(open: boolean = !state.taskPanelOpen): void {
  state.taskPanelOpen = open;
}

/** Whether the task panel is open (read by the keyboard dispatcher outside React). */
export function isTaskPanelOpen(): boolean {
  return state.taskPanelOpen;
}

/** Runs work while the progress bar shows. */
export async function withProgress<T>(work: () => Promise<T>): Promise<T> {
  state.busy++;
  try {
    return await work();
  } finally {
    state.busy--;
  }
}
