/**
 * @module Listing view store (docs/product.md "Listing"): sort order, list or mosaic, hidden files, multiple-selection
 * mode, and how many items are shown with the scroll position remembered for coming back (docs/product.md "Sizes and
 * paging").
 */
import { proxy, useSnapshot } from "valtio";
import type { Sorting } from "../auth/token";
import { toggleSorting } from "./sort-items";
import { updateProfile, updateSorting } from "../api/profile";
import { renewToken } from "./auth";
import { reload } from "./current-resource";
import { notifyError } from "../notify";
import { errorMessage } from "../api/errors";

/** Listing items shown at a time, and added when scrolled to the bottom (docs/product.md "Sizes and paging"). */
const PAGE_SIZE = 100;

/** List rows or mosaic cards. */
export type ViewMode = "list" | "mosaic";

interface ListingViewState {
  sorting: Sorting | null;
  /** Null until changed here: the profile's value applies. */
  viewMode: ViewMode | null;
  showHidden: boolean | null;
  shown: number;
  /** The last listing left: its path, how many items were shown and where it was scrolled. */
  memory: { path: string; shown: number; scrollY: number } | null;
  /** An item the keyboard moved to: the listing scrolls it into view and focuses it (`seq` tells requests apart). */
  reveal: { path: string; seq: number } | null;
}

const state = proxy<ListingViewState>({
  sorting: null,
  viewMode: null,
  showHidden: null,
  shown: PAGE_SIZE,
  memory: null,
  reveal: null,
});

/** Snapshot of the listing view. */
export function useListingView() {
  return useSnapshot(state);
}

/** Saves a profile field in the background and refreshes the token that carries it; failures show an error. */
async function saveProfile(userId: number | null, save: (id: number) => Promise<void>): Promise<void> {
  if (userId === null) return;
  try {
    await save(userId);
    await renewToken();
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/**
 * Sorts by a column (the first click sorts ascending, the next flips it) at once, and saves the order to
 * the user's profile in the background (docs/product.md "Listing"); a failed save keeps the order for this session.
 */
export function sortBy(by: Sorting["by"], fallback: Sorting, userId: number | null): void {
  const next = toggleSorting(state.sorting ?? fallback, by);
  state.sorting = next;
  if (userId !== null) updateSorting(userId, next).catch(() => {});
}

/** Switches between list and mosaic and saves the choice to the profile (viewMode). */
export function setViewMode(mode: ViewMode, userId: number | null): Promise<void> {
  state.viewMode = mode;
  return saveProfile(userId, (id) => updateProfile(id, "viewMode", mode));
}

/** Shows or hides names starting with '.', saves it to the profile (showHidden), then reloads the listing. */
export async function setShowHidden(show: boolean, userId: number | null): Promise<void> {
  state.showHidden = show;
  await saveProfile(userId, (id) => updateProfile(id, "showHidden", show));
  await reload();
}

/** Shows the next page of items (infinite scroll). */
export function showMore(): void {
  state.shown += PAGE_SIZE;
}

/**
 * Brings the item at display position `index` (0-based) into the shown items, growing the shown count by
 * whole pages, and asks the listing to scroll to it and focus it (arrow keys, Home and End).
 */
export function revealItem(path: string, index: number): void {
  if (index >= state.shown) state.shown = Math.ceil((index + 1) / PAGE_SIZE) * PAGE_SIZE;
  state.reveal = { path, seq: (state.reveal?.seq ?? 0) + 1 };
}

/**
 * Entering a listing: the same folder as the one last left gets back its shown count, and the scroll
 * position to restore is returned; another folder starts at the first page and the top.
 */
export function enterListing(path: string): number {
  if (state.memory?.path === path) {
    state.shown = Math.max(PAGE_SIZE, state.memory.shown);
    return state.memory.scrollY;
  }
  state.shown = PAGE_SIZE;
  return 0;
}

/** Leaving a listing (to a preview or elsewhere): remembers its shown count and scroll position. */
export function leaveListing(path: string, scrollY: number): void {
  state.memory = { path, shown: state.shown, scrollY };
}
