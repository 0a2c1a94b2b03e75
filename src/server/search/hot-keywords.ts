/**
 * @module Hot keywords (docs/product.md "Search hits and hot keywords", "Hot-search keyword"): each user's own list,
 * kept in the main database (db/hot-keywords-table.ts) and never shown to another user (docs/security.md "Hot
 * keywords"), the normalisation of what is recorded or removed, and the pairing of a search with the record call that
 * follows it.
 */
import type { Database } from "bun:sqlite";
import { recordKeyword } from "../db/hot-keywords-table";

/** Hot keywords: a record call this soon (ms) after the same user's search of it is not counted again. */
export const HOT_KEYWORD_FOLLOW_MS = 30_000;

/** A `type:word` filter anywhere in the text, with the spaces after it. */
const TYPE_FILTER = /(^|\s)type:\S*\s*/gi;

/**
 * The keyword a search records (docs/product.md "Hot-search keyword"): the `type:word` filter and the characters `"`,
 * `+` and `-` removed, spaces collapsed. Returns "" when nothing is left (then nothing is recorded).
 */
export function recordedKeyword(query: string): string {
  return stripType(query).replace(/["+-]/g, "").replace(/\s+/g, " ").trim();
}

/**
 * The keyword a removal names (docs/product.md "Hot-search keyword"): only the `type:word` filter removed; "" means
 * skip.
 */
export function removedKeyword(keyword: string): string {
  return stripType(keyword).trim();
}

function stripType(text: string): string {
  return text.replace(TYPE_FILTER, "$1");
}

/** The keyword each user's last search recorded, and when (ms), per store. */
const lastSearch = new WeakMap<Database, Map<number, { keyword: string; at: number }>>();

/**
 * Records the keyword of a search the user `userId` ran (every search records its keyword) and remembers
 * it, so the record call the UI sends after the search (docs/product.md "Search calls") does not count it twice.
 */
export function recordSearchKeyword(db: Database, userId: number, keyword: string, nowMs = Date.now()): void {
  if (!keyword) return;
  recordKeyword(db, userId, keyword, nowMs);
  let byUser = lastSearch.get(db);
  if (!byUser) lastSearch.set(db, (byUser = new Map()));
  byUser.set(userId, { keyword, at: nowMs });
}

/**
 * Records a keyword sent by POST /api/hot-search, unless it is the one the same user's search recorded within
 * HOT_KEYWORD_FOLLOW_MS (that search already counted it; the pairing is used once).
 */
export function recordPostedKeyword(db: Database, userId: number, keyword: string, nowMs = Date.now()): void {
  if (!keyword) return;
  const last = lastSearch.get(db)?.get(userId);
  if (last && last.keyword === keyword && nowMs - last.at <= HOT_KEYWORD_FOLLOW_MS) {
    lastSearch.get(db)!.delete(userId);
    return;
  }
  recordKeyword(db, userId, keyword, nowMs);
}
