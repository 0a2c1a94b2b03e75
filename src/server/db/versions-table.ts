/**
 * @module Rows of the versions table (migration 12): one per earlier content of a file (docs/ARCHITECTURE.md
 * "Versions"). Paths are from the files root; times are ms since the epoch.
 */
import type { Database } from "bun:sqlite";

/** A stored version. */
export interface VersionRow {
  /** 32 hex digits; also the name of its content in the versions folder. */
  id: string;
  /** The file it is a version of, from the files root ("/docs/a.txt"). */
  path: string;
  /** Whose write replaced it; null when unknown or gone. */
  userId: number | null;
  /** Absolute path of the versions folder holding its content. */
  storeDir: string;
  size: number;
  /** The content's modification time (ms). */
  modifiedAt: number;
  /** When a write replaced it (ms). */
  replacedAt: number;
}

interface Row {
  id: string;
  path: string;
  user_id: number | null;
  store_dir: string;
  size: number;
  modified_at: number;
  replaced_at: number;
}

const COLUMNS = "id, path, user_id, store_dir, size, modified_at, replaced_at";

const toVersion = (r: Row): VersionRow => ({
  id: r.id,
  path: r.path,
  userId: r.user_id,
  storeDir: r.store_dir,
  size: r.size,
  modifiedAt: r.modified_at,
  replacedAt: r.replaced_at,
});

/** Inserts a version. Throws SQLite's UNIQUE error for a taken id. */
export function insertVersion(db: Database, v: VersionRow): void {
  db.query(`INSERT INTO versions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
    v.id,
    v.path,
    v.userId,
    v.storeDir,
    v.size,
    v.modifiedAt,
    v.replacedAt,
  );
}

/** The version with this id, or null. */
export function findVersion(db: Database, id: string): VersionRow | null {
  const row = db.query(`SELECT ${COLUMNS} FROM versions WHERE id = ?`).get(id) as Row | null;
  return row ? toVersion(row) : null;
}

/** The versions of the file at `path` (from the files root), newest first. */
export function versionsOf(db: Database, path: string): VersionRow[] {
  const rows = db
    .query(`SELECT ${COLUMNS} FROM versions WHERE path = ? ORDER BY replaced_at DESC, rowid DESC`)
    .all(path) as Row[];
  return rows.map(toVersion);
}

/** Versions replaced before `beforeMs`, oldest first. */
export function versionsOlderThan(db: Database, beforeMs: number): VersionRow[] {
  const rows = db
    .query(`SELECT ${COLUMNS} FROM versions WHERE replaced_at < ? ORDER BY replaced_at, rowid`)
    .all(beforeMs) as Row[];
  return rows.map(toVersion);
}

/** Every version (the start-up check). */
export function allVersions(db: Database): VersionRow[] {
  return (db.query(`SELECT ${COLUMNS} FROM versions`).all() as Row[]).map(toVersion);
}

/** Removes a version's row. */
export function deleteVersionRow(db: Database, id: string): void {
  db.query("DELETE FROM versions WHERE id = ?").run(id);
}

/** Bytes of the versions each user's writes replaced (null: unknown user), for the shared size cap. */
export function versionBytesByUser(db: Database): { userId: number | null; bytes: number }[] {
  const rows = db.query("SELECT user_id, SUM(size) AS bytes FROM versions GROUP BY user_id").all() as {
    user_id: number | null;
    bytes: number;
  }[];
  return rows.map((r) => ({ userId: r.user_id, bytes: r.bytes }));
}

/** One user's versions (null: those of no user), oldest first. */
export function versionsOfUserOldestFirst(db: Database, userId: number | null): VersionRow[] {
  const rows =
    userId === null
      ? db.query(`SELECT ${COLUMNS} FROM versions WHERE user_id IS NULL ORDER BY replaced_at, rowid`).all()
      : db.query(`SELECT ${COLUMNS} FROM versions WHERE user_id = ? ORDER BY replaced_at, rowid`).all(userId);
  return (rows as Row[]).map(toVersion);
}
