/**
 * @module Hot keywords (SPEC sections 3 Search hit keyword, 5 Hot-search keyword): the store on the main database
 * table `search_history (keyword PRIMARY KEY, hits, last_at)` and the normalisation of what is recorded or removed.
 */
import type { Database } from "bun:sqlite";

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

/** One row of the hot list (SPEC section 3 Search hit keyword). */
export interface HotKeyword {
  readonly keyword: string;
  readonly hits: number;
}

/**
 * Adds one hit to a keyword (already normalised; "" is skipped). `last_at` (ms) grows strictly, so ties in
 * hits are ordered by the latest search even within one millisecond.
 */
export function recordKeyword(db: Database, keyword: string, nowMs = Date.now()): void {
  if (!keyword) return;
  db.query(
    `INSERT INTO search_history (keyword, hits, last_at)
       VALUES (?1, 1, MAX(?2, (SELECT COALESCE(MAX(last_at), 0) + 1 FROM search_history)))
     ON CONFLICT(keyword) DO UPDATE SET hits = hits + 1, last_at = excluded.last_at`,
  ).run(keyword, nowMs);
}

/** The top `num` keywords by hits, ties most recent first. */
export function topKeywords(db: Database, num: number): HotKeyword[] {
  return db
    .query<HotKeyword, [number]>("SELECT keyword, hits FROM search_history ORDER BY hits DESC, last_at DESC LIMIT ?1")
    .all(num);
}

/** Removes a keyword (already normalised; "" is skipped). Returns true when it was there. */
export function removeKeyword(db: Database, keyword: string): boolean {
  if (!keyword) return false;
  return db.query("DELETE FROM search_history WHERE keyword = ?1").run(keyword).changes > 0;
}
