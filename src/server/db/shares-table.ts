/**
 * @module Rows of the shares table (migrations 1, 5, 7 and the share-target migration): one per link; times are
 * Unix seconds, expire 0 = permanent; the target is a path from the files root, never from the owner's scope.
 */
import type { Database } from "bun:sqlite";

/** Download units one whole download costs: a partial answer of L bytes of an S-byte file costs ceil(L * this / S). */
export const DOWNLOAD_UNITS = 1_000_000;
/**
 * Units a link may go over its limit, so that the rounding up of a resumed download's parts (at most 1 unit each)
 * does not refuse the last part: 0.1 % of one download.
 */
const DOWNLOAD_UNITS_SLACK = 1_000;

/** A stored share link. */
export interface ShareRow {
  hash: string;
  /** Path from the files root (not the owner's scope); a folder ends with "/". */
  path: string;
  userId: number;
  expire: number;
  /** PHC hash of the link's password, "" for none. */
  passwordHash: string;
  /** A folder link that only takes uploads: no listing, no download. */
  uploadOnly: boolean;
  /** Downloads allowed before the link stops; 0 = no limit. */
  downloadLimit: number;
  /** Completed downloads so far. */
  downloads: number;
  /** Public download speed in bytes per second; 0 = unlimited. */
  downloadRate: number;
}

interface Row {
  hash: string;
  path: string;
  user_id: number;
  expire: number;
  password_hash: string;
  upload_only: number;
  download_limit: number;
  downloads: number;
  download_rate: number;
}

const COLUMNS = "hash, path, user_id, expire, password_hash, upload_only, download_limit, downloads, download_rate";

const toShare = (r: Row): ShareRow => ({
  hash: r.hash,
  path: r.path,
  userId: r.user_id,
  expire: r.expire,
  passwordHash: r.password_hash,
  uploadOnly: !!r.upload_only,
  downloadLimit: r.download_limit,
  downloads: r.downloads,
  downloadRate: r.download_rate,
});

/** Inserts a link. Throws SQLite's UNIQUE error for a taken hash. */
export function insertShare(db: Database, s: ShareRow): void {
  db.query(`INSERT INTO shares (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    s.hash,
    s.path,
    s.userId,
    s.expire,
    s.passwordHash,
    s.uploadOnly ? 1 : 0,
    s.downloadLimit,
    s.downloads,
    s.downloadRate,
  );
}

/** The link with this hash, or null. */
export function findShare(db: Database, hash: string): ShareRow | null {
  const row = db.query(`SELECT ${COLUMNS} FROM shares WHERE hash = ?`).get(hash) as Row | null;
  return row ? toShare(row) : null;
}

/** The links of `userId` on `path` that are permanent or expire after `now`, oldest expiry first. */
export function sharesOfPath(db: Database, userId: number, path: string, now: number): ShareRow[] {
  const rows = db
    .query(
      `SELECT ${COLUMNS} FROM shares WHERE user_id = ? AND path = ? AND (expire = 0 OR expire > ?) ORDER BY expire, rowid`,
    )
    .all(userId, path, now) as Row[];
  return rows.map(toShare);
}

/** Every live link: permanent first, then by expiry ascending (docs/product.md "Shared links"). */
export function allShares(db: Database, now: number): ShareRow[] {
  const rows = db
    .query(`SELECT ${COLUMNS} FROM shares WHERE expire = 0 OR expire > ? ORDER BY expire != 0, expire, rowid`)
    .all(now) as Row[];
  return rows.map(toShare);
}

/**
 * Takes `units` download units (DOWNLOAD_UNITS for a whole download) from link `hash` and counts them, in one
 * statement, so parallel answers can never pass the limit together. Returns false, counting nothing, when the
 * link has a download limit the units would pass (or no longer exists).
 */
export function takeDownloadUnits(db: Database, hash: string, units: number): boolean {
  return (
    db
      .query(
        `UPDATE shares SET download_units = download_units + $units, downloads = (download_units + $units) / ${DOWNLOAD_UNITS}
     WHERE hash = $hash AND (download_limit = 0 OR download_units + $units <= download_limit * ${DOWNLOAD_UNITS} + ${DOWNLOAD_UNITS_SLACK})`,
      )
      .run({ hash, units }).changes === 1
  );
}

/** Sets the public download speed (bytes per second, 0 = unlimited) of link `hash`. */
export function setShareRate(db: Database, hash: string, bytesPerSecond: number): void {
  db.query("UPDATE shares SET download_rate = ? WHERE hash = ?").run(bytesPerSecond, hash);
}

/** Deletes the link with this hash. */
export function deleteShare(db: Database, hash: string): void {
  db.query("DELETE FROM shares WHERE hash = ?").run(hash);
}

/** Deletes links that expired before `now`. Returns how many. */
export function purgeExpiredShares(db: Database, now: number): number {
  return db.query("DELETE FROM shares WHERE expire != 0 AND expire <= ?").run(now).changes;
}
