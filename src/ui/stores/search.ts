/**
 * @module Search panel store (docs/product.md "Search panel", "Search calls": idle, active, ongoing; a record-query
 * call follows a search).
 */
import { proxy, ref, useSnapshot } from "valtio";
import i18next from "i18next";
import { recordKeyword, searchFiles } from "../api/search";
import { ApiError } from "../api/client";
import { errorMessage } from "../api/errors";
import {
  grownCount,
  hotKeywordOf,
  isEmptyKeywordError,
  SEARCH_PAGE_SIZE,
  searchesAsYouType,
  type SearchHit,
} from "./search-rules";

/** Typing searches once the keys rest this long, in ms (UI choice: one request per word, not per key). */
const TYPING_PAUSE_MS = 300;

/** idle: closed; active: open; ongoing: a search is running. */
export type SearchStatus = "idle" | "active" | "ongoing";

interface SearchState {
  status: SearchStatus;
  query: string;
  /** The folder searched (a resource path). */
  dir: string;
  /** null until a search answers. Kept out of the proxy: a big answer is never made reactive item by item. */
  hits: readonly SearchHit[] | null;
  shown: number;
  selected: number;
  error: string | null;
}

const state = proxy<SearchState>({
  status: "idle",
  query: "",
  dir: "/",
  hits: null,
  shown: 0,
  selected: -1,
  error: null,
});
let running: AbortController | null = null;
let typing: ReturnType<typeof setTimeout> | undefined;

/** Snapshot of the search state. */
export function useSearch() {
  return useSnapshot(state);
}

/** Opens the panel for a folder; a new folder forgets the previous results. */
export function openSearch(dir: string): void {
  if (dir !== state.dir) Object.assign(state, { dir, hits: null, shown: 0, selected: -1, error: null });
  if (state.status === "idle") state.status = "active";
}

/** Closes the panel and stops a running search. */
export function closeSearch(): void {
  clearTimeout(typing);
  running?.abort();
  running = null;
  state.status = "idle";
}

/** Sets the query text (typing, a chip, a suggestion). */
export function setQuery(query: string): void {
  state.query = query;
}

/**
 * Sets the query as it is typed: once typing pauses, a query with a keyword searches by itself (without recording
 * it as a hot keyword: half-typed words are not what users searched for). Other input stops the search under way
 * and clears the hits of the earlier query.
 */
export function typeQuery(query: string): void {
  state.query = query;
  clearTimeout(typing);
  if (searchesAsYouType(query)) {
    typing = setTimeout(() => void runSearch(false), TYPING_PAUSE_MS);
    return;
  }
  running?.abort();
  running = null;
  Object.assign(state, { status: state.status === "idle" ? "idle" : "active", error: null, hits: null, shown: 0 });
}

/** Records the current query as a hot keyword (a hit of a typed search was opened: the search served). */
export function recordSearched(): void {
  const keyword = hotKeywordOf(state.query.trim());
  if (keyword) void recordKeyword(keyword).catch(() => {});
}

/**
 * Runs the current query under the panel's folder; empty input is ignored (docs/product.md "Search query"). `record`:
 * the keyword is recorded for the suggestions (Enter, a chip, a suggestion; not a search started by typing).
 */
export async function runSearch(record = true): Promise<void> {
  clearTimeout(typing);
  const query = state.query.trim();
  if (!query) return;
  running?.abort();
  const ctl = new AbortController();
  running = ctl;
  Object.assign(state, { status: "ongoing", error: null, selected: -1 });
  try {
    const hits = await searchFiles(state.dir, query, ctl.signal, !record);
    if (running !== ctl) return;
    Object.assign(state, { hits: ref(hits), shown: Math.min(hits.length, SEARCH_PAGE_SIZE), status: "active" });
    if (record) recordSearched();
  } catch (err) {
    if (running !== ctl) return;
    const empty = err instanceof ApiError && isEmptyKeywordError(err.text);
    Object.assign(state, {
      hits: null,
      status: "active",
      error: empty ? i18next.t("search.emptyKeyword") : errorMessage(err),
    });
  } finally {
    if (running === ctl) running = null;
  }
}

/** Shows 50 more hits (docs/product.md "Sizes and paging"). */
export function showMoreHits(): void {
  state.shown = grownCount(state.shown, state.hits?.length ?? 0);
}
