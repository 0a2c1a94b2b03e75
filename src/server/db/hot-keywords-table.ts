/**
 * @module Rows of the hot_keywords table `(user_id, keyword, hits, last_at)`: each user's searched keywords with
 * their hit counts; search/hot-keywords.ts normalises what is recorded.
 */
import type { Database } from "bun:sqlite";
import type { HotKeyword } from "../../shared/wire/search";

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
    .query<HotKeyword, [number, number]>(
      "SELECT keyword, hits FROM hot_keywords WHERE user_id = ?1 ORDER BY hits DESC, last_at DESC LIMIT ?2",
    )
    .all(userId, num);
}

/** Removes a keyword from the list of the user `userId` (already normalised; "" is skipped). Returns true when it was there. */
export function removeKeyword(db: Database, userId: number, keyword: string): boolean {
  if (!keyword) return false;
  return db.query("DELETE FROM hot_keywords WHERE user_id = ?1 AND keyword = ?2").run(userId, keyword).changes > 0;
}
