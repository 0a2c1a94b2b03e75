/**
 * @module Hot keywords (SPEC sections 3 Search hit keyword, 5 Hot-search keyword): each user's own list, on the main
 * database table `hot_keywords (user_id, keyword, hits, last_at)`, never shown to another user (docs/security.md
 * "Hot keywords"), and the normalisation of what is recorded or removed.
 */
import type { Database } from "bun:sqlite";
import { HOT_KEYWORD_FOLLOW_MS } from "../constants";
import type { HotKeyword } from "../../shared/wire/search";

/** A `type:word` filter anywhere in the text, with the spaces after it. */
const TYPE_FILTER = /(^|\s)type:\S*\s*/gi;

/**
 * The keyword a search records (SPEC section 5): the `type:word` filter and the characters `"`, `+` and `-` removed,
 * spaces collapsed. Returns "" when nothing is left (then nothing is recorded).
 */
export function recordedKeyword(query: string): string {
  return stripType(query).replace(/["+-]/g, "").replace(/\s+/g, " ").trim();
}

/** The keyword a removal names (SPEC section 5): only the `type:word` filter removed; "" means skip. */
export function removedKeyword(keyword: string): string {
  return stripType(keyword).trim();
}

function stripType(text: string): string {
  return text.replace(TYPE_FILTER, "$1");
}

/**
 * Adds one hit to a keyword of the user `userId` (already normalised; "" is skipped). `last_at` (ms) grows
 * strictly per user, so ties in hits are ordered by the latest search even within one millisecond.
 */
export function recordKeyword(db: Database, userId: number, keyword: string, nowMs = Date.now()): void {
  if (!keyword) return;
  db.query(
    `INSERT INTO hot_keywords (user_id, keyword, hits, last_at)
       VALUES (?1, ?2, 1, MAX(?3, (SELECT COALESCE(MAX(last_at), 0) + 1 FROM hot_keywords WHERE user_id = ?1)))
     ON CONFLICT(user_id, keyword) DO UPDATE SET hits = hits + 1, last_at = excluded.last_at`,
  ).run(userId, keyword, nowMs);
}

/** The top `num` keywords of the user `userId` by hits, ties most recent first. */
export function topKeywords(db: Database, userId: number, num: number): HotKeyword[] {
  return db
    .query<HotKeyword, [number, number]>("SELECT keyword, hits FROM hot_keywords WHERE user_id = ?1 ORDER BY hits DESC, last_at DESC LIMIT ?2")
    .all(userId, num);
}

/** Removes a keyword from the list of the user `userId` (already normalised; "" is skipped). Returns true when it was there. */
export function removeKeyword(db: Database, userId: number, keyword: string): boolean {
  if (!keyword) return false;
  return db.query("DELETE FROM hot_keywords WHERE user_id = ?1 AND keyword = ?2").run(userId, keyword).changes > 0;
}

/** The keyword each user's last search recorded, and when (ms), per store. */
const lastSearch = new WeakMap<Database, Map<number, { keyword: string; at: number }>>();

/**
 * Records the keyword of a search the user `userId` ran (issue 13: every search records its keyword) and remembers
 * it, so the record call the UI sends after the search (SPEC section 7) does not count it twice.
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
