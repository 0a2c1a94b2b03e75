/**
 * @module Rows of the trash table (migration 11): one per deleted item (docs/ARCHITECTURE.md "Trash"). Paths are from
 * the files root; times are ms since the epoch.
 */
import type { Database } from "bun:sqlite";

/** Where a row's item is: on its way into the trash ('moving': the row is written first), or in it. */
export type TrashState = "moving" | "trashed";

/** A stored trash entry. */
export interface TrashRow {
  /** 32 hex digits; also the name of the entry's folder in the trash folder. */
  id: string;
  /** Who deleted it; null once that user is gone without an heir, or for an entry adopted at start. */
  userId: number | null;
  /** Where it was, from the files root ("/docs/a.txt"). */
  path: string;
  /** Absolute path of the trash folder holding it (the one on the item's file system). */
  trashDir: string;
  isDir: boolean;
  /** Bytes of the file or of every file below the folder; -1 until measured. */
  size: number;
  /** When it was deleted (ms since the epoch). */
  deletedAt: number;
  state: TrashState;
}

interface Row {
  id: string;
  user_id: number | null;
  path: string;
  trash_dir: string;
  is_dir: number;
  size: number;
  deleted_at: number;
  state: TrashState;
}

const COLUMNS = "id, user_id, path, trash_dir, is_dir, size, deleted_at, state";

const toTrash = (r: Row): TrashRow => ({
  id: r.id,
  userId: r.user_id,
  path: r.path,
  trashDir: r.trash_dir,
  isDir: !!r.is_dir,
  size: r.size,
  deletedAt: r.deleted_at,
  state: r.state,
});

/** Inserts an entry. Throws SQLite's UNIQUE error for a taken id. */
export function insertTrash(db: Database, t: TrashRow): void {
  db.query(`INSERT INTO trash (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
    t.id,
    t.userId,
    t.path,
    t.trashDir,
    t.isDir ? 1 : 0,
    t.size,
    t.deletedAt,
    t.state,
  );
}

/** The entry with this id, or null. */
export function findTrash(db: Database, id: string): TrashRow | null {
  const row = db.query(`SELECT ${COLUMNS} FROM trash WHERE id = ?`).get(id) as Row | null;
  return row ? toTrash(row) : null;
}

/** Every entry in the trash ('trashed'), newest first; with `userId`, only that user's. */
export function listTrash(db: Database, userId?: number): TrashRow[] {
  const rows =
    userId === undefined
      ? db.query(`SELECT ${COLUMNS} FROM trash WHERE state = 'trashed' ORDER BY deleted_at DESC, rowid DESC`).all()
      : db
          .query(
            `SELECT ${COLUMNS} FROM trash WHERE state = 'trashed' AND user_id = ? ORDER BY deleted_at DESC, rowid DESC`,
          )
          .all(userId);
  return (rows as Row[]).map(toTrash);
}

/** Every row, in any state (the start-up check). */
export function allTrashRows(db: Database): TrashRow[] {
  return (db.query(`SELECT ${COLUMNS} FROM trash`).all() as Row[]).map(toTrash);
}

/** Entries deleted before `beforeMs` (ms since the epoch), oldest first. */
export function trashOlderThan(db: Database, beforeMs: number): TrashRow[] {
  const rows = db
    .query(`SELECT ${COLUMNS} FROM trash WHERE state = 'trashed' AND deleted_at < ? ORDER BY deleted_at, rowid`)
    .all(beforeMs);
  return (rows as Row[]).map(toTrash);
}

/** One user's entries (null: those of no user), oldest first. */
export function trashOfUserOldestFirst(db: Database, userId: number | null): TrashRow[] {
  const rows =
    userId === null
      ? db.query(`SELECT ${COLUMNS} FROM trash WHERE state = 'trashed' AND user_id IS NULL ORDER BY deleted_at, rowid`)
      : db.query(`SELECT ${COLUMNS} FROM trash WHERE state = 'trashed' AND user_id = ? ORDER BY deleted_at, rowid`);
  return ((userId === null ? rows.all() : rows.all(userId)) as Row[]).map(toTrash);
}

/** Marks an entry as in the trash. */
export function markTrashed(db: Database, id: string): void {
  db.query("UPDATE trash SET state = 'trashed' WHERE id = ?").run(id);
}

/** Records the measured size (bytes) of an entry. */
export function setTrashSize(db: Database, id: string, size: number): void {
  db.query("UPDATE trash SET size = ? WHERE id = ?").run(size, id);
}

/** Removes an entry's row. */
export function deleteTrashRow(db: Database, id: string): void {
  db.query("DELETE FROM trash WHERE id = ?").run(id);
}

/** Gives every entry of user `fromId` to user `toId` (a user deleted by an admin leaves their trash to that admin). */
export function reassignTrash(db: Database, fromId: number, toId: number): void {
  db.query("UPDATE trash SET user_id = ? WHERE user_id = ?").run(toId, fromId);
}

/** Bytes of each user's measured entries (null: entries of no user), for the size cap. */
export function trashBytesByUser(db: Database): { userId: number | null; bytes: number }[] {
  const rows = db
    .query("SELECT user_id, SUM(size) AS bytes FROM trash WHERE state = 'trashed' AND size > 0 GROUP BY user_id")
    .all() as { user_id: number | null; bytes: number }[];
  return rows.map((r) => ({ userId: r.user_id, bytes: r.bytes }));
}
