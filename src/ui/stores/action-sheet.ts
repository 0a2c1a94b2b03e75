/** @module The listing's action sheet: which menu is open (the long-press menu or the selection bar's More) and where. */
import { proxy, useSnapshot } from "valtio";

/** An open sheet: `more` leaves out what the selection bar already shows; `at` is the point or button it came from. */
export interface SheetState {
  kind: "menu" | "more";
  at: { x: number; y: number };
}

const state = proxy<{ sheet: SheetState | null }>({ sheet: null });

/** Snapshot of the open sheet. */
export function useActionSheet() {
  return useSnapshot(state);
}

/** Opens the sheet (replacing an open one). */
export function openActionSheet(kind: SheetState["kind"], at: SheetState["at"]): void {
  state.sheet = { kind, at };
}

/** Closes the sheet. */
export function closeActionSheet(): void {
  state.sheet = null;
}
