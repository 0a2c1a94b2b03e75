/** @module Listing selection store: a private proxy, a snapshot hook and the named actions of SPEC §4 Selection. */
import { proxy, useSnapshot } from "valtio";
import { applyClick, moveBy, selectAllOf, keepListed, EMPTY_SELECTION, type ClickModifiers, type Selection } from "./selection-rules";

const state = proxy<Selection>({ ...EMPTY_SELECTION });

function assign(next: Selection): void {
  state.selected = next.selected;
  state.anchor = next.anchor;
}

/** Snapshot of the selection. */
export function useSelection() {
  return useSnapshot(state);
}

/** The selected paths right now (for actions outside React). */
export function selectedPaths(): string[] {
  return [...state.selected];
}

/** Handles a click on an item with its modifiers. */
export function clickItem(path: string, mods: ClickModifiers, order: readonly string[]): void {
  assign(applyClick(state, path, mods, order));
}

/** Selects only this item. */
export function selectOnly(path: string): void {
  assign({ selected: [path], anchor: path });
}

/** Selects every listed item. */
export function selectAll(order: readonly string[]): void {
  assign(selectAllOf(order));
}

/** Moves a single selection up or down the list. */
export function moveSelection(delta: number, order: readonly string[]): void {
  assign(moveBy(state, delta, order));
}

/** Forgets items that are no longer listed. */
export function pruneSelection(order: readonly string[]): void {
  assign(keepListed(state, order));
}

/** Clears the selection (Esc, route change). */
export function clearSelection(): void {
  assign(EMPTY_SELECTION);
}
