/** @module Layout store: the one open prompt (SPEC §2 Overlay dialogs), the sidebar drawer and the progress bar. */
import { proxy, useSnapshot } from "valtio";

/** The dialogs of this milestone; one at a time. */
export type Prompt = { kind: "delete"; paths: string[] } | { kind: "newFolder" } | { kind: "replace"; names: string[] };

interface LayoutState {
  prompt: Prompt | null;
  sidebarOpen: boolean;
  busy: number;
}

const state = proxy<LayoutState>({ prompt: null, sidebarOpen: false, busy: 0 });
let replaceResolver: ((replace: boolean) => void) | null = null;

/** Snapshot of the layout state. */
export function useLayout() {
  return useSnapshot(state);
}

/** Whether a prompt is open (keyboard shortcuts stand down then). */
export function hasPrompt(): boolean {
  return state.prompt !== null;
}

/** Opens a prompt, replacing any other. */
export function showPrompt(prompt: Prompt): void {
  if (state.prompt?.kind === "replace") settleReplace(false);
  state.prompt = prompt;
}

/** Closes the open prompt; an open replace prompt counts as cancelled. */
export function closePrompt(): void {
  if (state.prompt?.kind === "replace") settleReplace(false);
  state.prompt = null;
}

/** Shows the replace prompt for the given names and resolves true for Replace, false for Cancel (SPEC §4 Upload). */
export function askReplace(names: string[]): Promise<boolean> {
  showPrompt({ kind: "replace", names });
  return new Promise((resolve) => {
    replaceResolver = resolve;
  });
}

/** Answers the open replace prompt and closes it. */
export function answerReplace(replace: boolean): void {
  settleReplace(replace);
  state.prompt = null;
}

function settleReplace(replace: boolean): void {
  const resolve = replaceResolver;
  replaceResolver = null;
  resolve?.(replace);
}

/** Opens or closes the sidebar drawer (mobile). */
export function setSidebarOpen(open: boolean): void {
  state.sidebarOpen = open;
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
