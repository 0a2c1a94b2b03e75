/**
 * @module Listing selection store: a private proxy, a snapshot hook and the named actions of docs/product.md
 * "Selection".
 */
import { proxy, ref, useSnapshot } from "valtio";
import {
  applyClick,
  clickIntent,
  moveBy,
  selectAllOf,
  keepListed,
  EMPTY_SELECTION,
  type ClickModifiers,
  type Selection,
} from "./selection-rules";

/** The selection plus the sticky multiple-selection mode for touch screens (docs/product.md "Client state"). */
const state = proxy<Selection & { multiple: boolean }>({ selected: ref([]), anchor: null, multiple: false });

function assign(next: Selection): void {
  // Not proxied item by item: a selection may hold a whole folder of 100,000 paths, and it is only ever replaced.
  state.selected = ref([...next.selected]);
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

/** Handles a click on an item with its modifiers; in multiple mode every click adds or removes. */
export function clickItem(path: string, mods: ClickModifiers, order: readonly string[]): void {
  assign(applyClick(state, path, { ...mods, multiple: mods.multiple || state.multiple }, order));
}

/**
 * Handles a click or tap on an item by what it means now (clickIntent): selects, or adds and removes while
 * selecting (`toggle` forces that: a tick of the item's checkbox); returns true when the item is to be opened instead.
 */
export function pressItem(
  path: string,
  press: { touch: boolean; singleClick: boolean; ctrl: boolean; shift: boolean; toggle: boolean },
  order: readonly string[],
): boolean {
  const intent = press.toggle
    ? "toggle"
    : clickIntent({ ...press, multiple: state.multiple, selectedCount: state.selected.length });
  if (intent === "open") return true;
  clickItem(path, intent === "toggle" ? { multiple: true } : { ctrl: press.ctrl, shift: press.shift }, order);
  return false;
}

/** Turns the multiple-selection mode on or off (the toggle button for touch screens). */
export function setMultipleMode(on: boolean = !state.multiple): void {
  state.multiple = on;
}

/** Whether the multiple-selection mode is on right now (for actions outside React). */
export function selectionMode(): boolean {
  return state.multiple;
}

/** Adds an item to the selection (a long press while selecting); nothing when it is selected already. */
export function addToSelection(path: string): void {
  if (!state.selected.includes(path)) assign({ selected: [...state.selected, path], anchor: path });
}

/** Whether an item is selected right now. */
export function isSelected(path: string): boolean {
  return state.selected.includes(path);
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

/** Clears the selection (route change). */
export function clearSelection(): void {
  assign(EMPTY_SELECTION);
}

/** Esc: clears the selection and leaves the multiple-selection mode. */
export function escapeSelection(): void {
  assign(EMPTY_SELECTION);
  state.multiple = false;
}
