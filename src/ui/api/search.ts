/**
 * @module Search and hot-keyword calls (docs/product.md "Search calls": GET /api/search/{path}?query=, GET/POST/DELETE
 * /api/hot-search).
 */
import { apiFetch, apiJson } from "./client";
import { encodePath } from "../format/encode-path";
import type { HotKeyword, SearchHit } from "../../shared/wire/search";

export type { HotKeyword };

/**
 * Searches below a folder; hit paths are relative to it. `typed`: a search started by typing, whose keyword the
 * server does not record. @throws ApiError (400 'empty keyword is not allowed!').
 */
export function searchFiles(dir: string, query: string, signal?: AbortSignal, typed = false): Promise<SearchHit[]> {
  const folder = dir.endsWith("/") ? dir : `${dir}/`;
  const flag = typed ? "&typed=true" : "";
  return apiJson<SearchHit[]>(`/api/search${encodePath(folder)}?query=${encodeURIComponent(query)}${flag}`, { signal });
}

/**
 * The `num` most searched keywords, most first; `_t` defeats caches (docs/product.md "Search calls"). @throws ApiError.
 */
export function fetchHotKeywords(num: number): Promise<HotKeyword[]> {
  return apiJson<HotKeyword[]>(`/api/hot-search?num=${num}&_t=${Date.now()}`);
}

/** Records a searched keyword (already normalised). @throws ApiError. */
export async function recordKeyword(keyword: string): Promise<void> {
  await apiFetch(`/api/hot-search?keyword=${encodeURIComponent(keyword)}`, { method: "POST" });
}

/** Removes a hot keyword. @throws ApiError. */
export async function removeHotKeyword(keyword: string): Promise<void> {
  await apiFetch(`/api/hot-search?keyword=${encodeURIComponent(keyword)}`, { method: "DELETE" });
}
