/** @module Rows of the sessions table: one per login, owned by a user; times are Unix seconds. */
import type { Database } from "bun:sqlite";
import { noteWrite } from "./change-clock";

/** A login session: its random id, owner and the expiry of its latest token. */
export interface SessionRow {
  id: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
}

/** Inserts a session. */
export function insertSession(db: Database, s: SessionRow): void {
  db.query("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(s.id, s.userId, s.createdAt, s.expiresAt);
  noteWrite(db);
}

/** Every session of a user, as a map of id to expiry (Unix seconds). */
export function sessionsOfUser(db: Database, userId: number): Map<string, number> {
  const rows = db.query("SELECT id, expires_at FROM sessions WHERE user_id = ?").all(userId) as { id: string; expires_at: number }[];
  return new Map(rows.map((r) => [r.id, r.expires_at]));
}

/** Moves the expiry of session `id` to `expiresAt` (never backwards). */
export function extendSession(db: Database, id: string, expiresAt: number): void {
  db.query("UPDATE sessions SET expires_at = max(expires_at, ?) WHERE id = ?").run(expiresAt, id);
  noteWrite(db);
}

/** Deletes one session. Returns whether it existed. */
export function deleteSession(db: Database, id: string): boolean {
  const changed = db.query("DELETE FROM sessions WHERE id = ?").run(id).changes > 0;
  noteWrite(db);
  return changed;
}

/** Deletes every session of `userId` except `keepId` (when given). Returns how many ended. */
export function deleteUserSessions(db: Database, userId: number, keepId?: string): number {
  const changes = db.query("DELETE FROM sessions WHERE user_id = ? AND id != ?").run(userId, keepId ?? "").changes;
  noteWrite(db);
  return changes;
}

/** Deletes sessions whose expiry is before `before` (Unix seconds). Returns how many were removed. */
export function purgeSessions(db: Database, before: number): number {
  const changes = db.query("DELETE FROM sessions WHERE expires_at < ?").run(before).changes;
  if (changes) noteWrite(db);
  return changes;
}
