/** @module Rows of the tus_uploads table: one per incomplete resumable upload (user and target file). */
import type { Database } from "bun:sqlite";

/** What a row keeps of an upload; the offset is the temp file's size and is not stored. Times are ms since the epoch. */
export interface TusRow {
  userId: number;
  /** Absolute path of the target file on disk. */
  abs: string;
  tmp: string;
  length: number;
  override: boolean;
  metadata: Record<string, string>;
  expiresAt: number;
}

interface Row {
  user_id: number;
  abs: string;
  tmp: string;
  length: number;
  override: number;
  metadata: string;
  expires_at: number;
}

/** Every stored upload. A row whose metadata cannot be read comes back with none. */
export function readTusRows(db: Database): TusRow[] {
  return db
    .query<Row, []>("SELECT user_id, abs, tmp, length, override, metadata, expires_at FROM tus_uploads")
    .all()
    .map((r) => ({
      userId: r.user_id,
      abs: r.abs,
      tmp: r.tmp,
      length: r.length,
      override: r.override === 1,
      metadata: parseMetadata(r.metadata),
      expiresAt: r.expires_at,
    }));
}

/** Stores `up`, replacing the row of the same user and target. */
export function insertTusRow(db: Database, up: TusRow): void {
  db.query(
    `INSERT OR REPLACE INTO tus_uploads (user_id, abs, tmp, length, override, metadata, expires_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
  ).run(up.userId, up.abs, up.tmp, up.length, up.override ? 1 : 0, JSON.stringify(up.metadata), up.expiresAt);
}

/** Deletes the row of `userId`'s upload to `abs`, when there is one. */
export function deleteTusRow(db: Database, userId: number, abs: string): void {
  db.query("DELETE FROM tus_uploads WHERE user_id = ?1 AND abs = ?2").run(userId, abs);
}

function parseMetadata(text: string): Record<string, string> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}
