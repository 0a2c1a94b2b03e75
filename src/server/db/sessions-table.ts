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

/** Where a session was last used from (migration 7): time (Unix seconds), client IP and User-Agent. */
export interface SessionUse {
  lastUsedAt: number;
  ip: string;
  userAgent: string;
}

/** A session with its use, as listed to its owner and admins. */
export type SessionDetails = SessionRow & SessionUse;

/** Inserts a session, with where it started from. */
export function insertSession(
  db: Database,
  s: SessionRow,
  use: SessionUse = { lastUsedAt: s.createdAt, ip: "", userAgent: "" },
): void {
  db.query(
    "INSERT INTO sessions (id, user_id, created_at, expires_at, last_used_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(s.id, s.userId, s.createdAt, s.expiresAt, use.lastUsedAt, use.ip, use.userAgent);
  noteWrite(db);
}

/**
 * Records a use of session `id` at `at`; with `ip` and `userAgent` (a renewal) those too. No cache depends on
 * these columns, so the store version does not move.
 */
export function touchSession(db: Database, id: string, at: number, from?: { ip: string; userAgent: string }): void {
  if (from)
    db.query("UPDATE sessions SET last_used_at = max(last_used_at, ?), ip = ?, user_agent = ? WHERE id = ?").run(
      at,
      from.ip,
      from.userAgent,
      id,
    );
  else db.query("UPDATE sessions SET last_used_at = max(last_used_at, ?) WHERE id = ?").run(at, id);
}

/** The sessions of `userId` with their use, most recently used first. */
export function sessionDetailsOfUser(db: Database, userId: number): SessionDetails[] {
  const rows = db
    .query(
      "SELECT id, user_id, created_at, expires_at, last_used_at, ip, user_agent FROM sessions WHERE user_id = ? ORDER BY max(last_used_at, created_at) DESC, rowid DESC",
    )
    .all(userId) as {
    id: string;
    user_id: number;
    created_at: number;
    expires_at: number;
    last_used_at: number;
    ip: string;
    user_agent: string;
  }[];
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    lastUsedAt: Math.max(r.last_used_at, r.created_at),
    ip: r.ip,
    userAgent: r.user_agent,
  }));
}

/** Every session of a user, as a map of id to expiry (Unix seconds). */
export function sessionsOfUser(db: Database, userId: number): Map<string, number> {
  const rows = db.query("SELECT id, expires_at FROM sessions WHERE user_id = ?").all(userId) as {
    id: string;
    expires_at: number;
  }[];
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
