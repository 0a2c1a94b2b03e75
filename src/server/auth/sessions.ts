/**
 * @module Login sessions (docs/interfaces.md "Authentication": sessions are revocable). Login starts one; its tokens
 * carry its id; logout, password change, user deletion and permission or scope changes end sessions at once. The check
 * every request makes is served from a per-user cache that is dropped whenever the store changes
 * (db/change-clock.ts), so the common request costs no query.
 */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { findUserById } from "../db/users-table";
import {
  deleteSession,
  deleteUserSessions,
  extendSession,
  insertSession,
  purgeSessions,
  sessionsOfUser,
} from "../db/sessions-table";
import { storeVersion } from "../db/change-clock";
import { SESSION_PURGE_GRACE_S } from "../constants";
import type { User } from "../users/types";

/** Random bytes of a session id (128 bits, from the system CSPRNG). */
const SESSION_ID_BYTES = 16;

interface Entry {
  version: string;
  user: User | null;
  /** Session id -> expiry of its latest token (Unix seconds). */
  sessions: Map<string, number>;
}

const caches = new WeakMap<Database, Map<number, Entry>>();

/**
 * Starts a session of `userId` whose first token expires at `expiresAt` (Unix seconds), made `from` a client IP
 * and browser (User-Agent); expired sessions past their grace period are purged on the way. Returns the new
 * session id (128 random bits, base64url).
 */
export function startSession(
  db: Database,
  userId: number,
  expiresAt: number,
  now = Math.floor(Date.now() / 1000),
  from = { ip: "", userAgent: "" },
): string {
  purgeSessions(db, now - SESSION_PURGE_GRACE_S);
  const id = randomBytes(SESSION_ID_BYTES).toString("base64url");
  insertSession(db, { id, userId, createdAt: now, expiresAt }, { lastUsedAt: now, ...from });
  return id;
}

/** Records that session `sid` got a token expiring at `expiresAt` (Unix seconds), on renewal. */
export function renewSession(db: Database, sid: string, expiresAt: number): void {
  extendSession(db, sid, expiresAt);
}

/** Ends one session (logout). Returns whether it was still live. */
export function endSession(db: Database, sid: string): boolean {
  return deleteSession(db, sid);
}

/** Ends every session of `userId`, except `keepSid` when given. Returns how many ended. */
export function endUserSessions(db: Database, userId: number, keepSid?: string): number {
  return deleteUserSessions(db, userId, keepSid);
}

function entryOf(db: Database, userId: number): Entry {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const version = storeVersion(db);
  let entry = cache.get(userId);
  if (!entry || entry.version !== version) {
    const user = findUserById(db, userId);
    entry = { version, user, sessions: user ? sessionsOfUser(db, userId) : new Map() };
    cache.set(userId, entry);
  }
  return entry;
}

/**
 * The user of session `sid` when it is live at `now` (Unix seconds), else null: the session was ended, has
 * expired, or the user is gone. With `allowExpired` an expired but never ended session still counts (media
 * tokens outlive the login token that made them, not the session's end).
 */
export function sessionUser(db: Database, userId: number, sid: string, now: number, allowExpired = false): User | null {
  const entry = entryOf(db, userId);
  const expiresAt = entry.sessions.get(sid);
  if (!entry.user || expiresAt === undefined) return null;
  if (!allowExpired && expiresAt < now) return null;
  return entry.user;
}

/** The user `userId` from the same cache, without a session (no-auth mode acts as user 1). */
export function cachedUser(db: Database, userId: number): User | null {
  return entryOf(db, userId).user;
}
