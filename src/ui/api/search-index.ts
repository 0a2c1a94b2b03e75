/** @module File index calls of the Indexed Search fieldset (GET /api/search-index, POST /api/search-index/rebuild; admins). */
import { apiFetch, apiJson } from "./client";
import type { SearchIndexStatus } from "../../shared/wire/search-index";

export type { SearchIndexStatus, SearchIndexWatch } from "../../shared/wire/search-index";

/** Fetches the index status: entries, last build time (ms), whether a walk runs, state. @throws ApiError (403). */
export function fetchIndexStatus(signal?: AbortSignal): Promise<SearchIndexStatus> {
  return apiJson<SearchIndexStatus>("/api/search-index", { signal });
}

/** Starts a rebuild from scratch in the background (answered 202 at once). @throws ApiError (403, 409 without an index). */
export async function requestIndexRebuild(): Promise<void> {
  await apiFetch("/api/search-index/rebuild", { method: "POST" });
}
