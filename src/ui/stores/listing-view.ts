/** @module Listing view store: sort order and how many items are shown (SPEC §2 Listing, §9 page size). */
import { proxy, useSnapshot } from "valtio";
import type { Sorting } from "../auth/token";
import { toggleSorting } from "./sort-items";
import { PAGE_SIZE } from "../constants";
import { updateSorting } from "../api/users";

interface ListingViewState {
  sorting: Sorting | null;
  shown: number;
}

const state = proxy<ListingViewState>({ sorting: null, shown: PAGE_SIZE });

/** Snapshot of the listing view. */
export function useListingView() {
  return useSnapshot(state);
}

/**
 * Sorts by a column (the first click sorts ascending, the next flips it) at once, and saves the order to
 * the user's profile in the background (SPEC §2 Listing); a failed save keeps the order for this session.
 */
export function sortBy(by: Sorting["by"], fallback: Sorting, userId: number | null): void {
  const next = toggleSorting(state.sorting ?? fallback, by);
  state.sorting = next;
  if (userId !== null) updateSorting(userId, next).catch(() => {});
}

/** Shows the next page of items (infinite scroll). */
export function showMore(): void {
  state.shown += PAGE_SIZE;
}

/** Starts over at the first page (a new folder). */
export function resetShown(): void {
  state.shown = PAGE_SIZE;
}
