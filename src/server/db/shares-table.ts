/** @module Rows of the shares table (migration 1): one per link; times are Unix seconds, expire 0 = permanent. */
import type { Database } from "bun:sqlite";

/** A stored share link. */
export interface ShareRow {
  hash: string;
  /** Virtual path in the owner's scope; a folder ends with "/". */
  path: string;
  userId: number;
  expire: number;
}

interface Row {
  hash: string;
  path: string;
  user_id: number;
  expire: number;
}

const toShare = (r: Row): ShareRow => ({ hash: r.hash, path: r.path, userId: r.user_id, expire: r.expire });

/** Inserts a link. Throws SQLite's UNIQUE error for a taken hash. */
export function insertShare(db: Database, s: ShareRow): void {
  db.query("INSERT INTO shares (hash, path, user_id, expire) VALUES (?, ?, ?, ?)").run(s.hash, s.path, s.userId, s.expire);
}

/** The link with this hash, or null. */
export function findShare(db: Database, hash: string): ShareRow | null {
  const row = db.query("SELECT hash, path, user_id, expire FROM shares WHERE hash = ?").get(hash) as Row | null;
  return row ? toShare(row) : null;
}

/** The links of `userId` on `path` that are permanent or expire after `now`, oldest expiry first. */
export function sharesOfPath(db: Database, userId: number, path: string, now: number): ShareRow[] {
  const rows = db.query("SELECT hash, path, user_id, expire FROM shares WHERE user_id = ? AND path = ? AND (expire = 0 OR expire > ?) ORDER BY expire, rowid").all(userId, path, now) as Row[];
  return rows.map(toShare);
}

/** Every live link: permanent first, then by expiry ascending (SPEC section 2 Shared links screen). */
export function allShares(db: Database, now: number): ShareRow[] {
  const rows = db.query("SELECT hash, path, user_id, expire FROM shares WHERE expire = 0 OR expire > ? ORDER BY expire != 0, expire, rowid").all(now) as Row[];
  return rows.map(toShare);
}

/** Deletes the link with this hash. */
export function deleteShare(db: Database, hash: string): void {
  db.query("DELETE FROM shares WHERE hash = ?").run(hash);
}

/** Deletes links that expired before `now`. Returns how many. */
export function purgeExpiredShares(db: Database, now: number): number {
  return db.query("DELETE FROM shares WHERE expire != 0 AND expire <= ?").run(now).changes;
}
