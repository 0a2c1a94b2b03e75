/**
 * @module Sessions a user can see and end (profile sessions card, users admin): each live login with its last
 * use, client IP and browser, named by a public handle (a hash of the secret id, which never leaves the server),
 * and the last-use bookkeeping the auth middleware does, at most one write per session per SESSION_TOUCH_S.
 */
import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { deleteSession, sessionDetailsOfUser, touchSession } from "../db/sessions-table";
import type { SessionInfo } from "../../shared/wire/session";

/** Sessions (auth/session-list.ts): a session's last use is written at most once per this many seconds. */
const SESSION_TOUCH_S = 60;
/** Sessions: the longest User-Agent kept with a session (characters). */
const SESSION_USER_AGENT_MAX = 512;

/** Last recorded use per session id (Unix seconds), per database: spares a write on most requests. */
const touched = new WeakMap<Database, Map<string, number>>();

/** The public handle of session `sid`: 16 base64url characters of its SHA-256. */
export function sessionHandle(sid: string): string {
  return createHash("sha256").update(sid).digest("base64url").slice(0, 16);
}

/** Records that session `sid` was used at `now` (Unix seconds), unless that was already done within SESSION_TOUCH_S. */
export function noteSessionUse(db: Database, sid: string, now: number): void {
  let map = touched.get(db);
  if (!map) {
    map = new Map();
    touched.set(db, map);
  }
  if (now - (map.get(sid) ?? 0) < SESSION_TOUCH_S) return;
  // Keep the map to recent sessions only: a full sweep is rare and cheap beside the write it spares.
  if (map.size > 10_000) for (const [k, at] of map) if (now - at >= SESSION_TOUCH_S) map.delete(k);
  map.set(sid, now);
  touchSession(db, sid, now);
}

/** Records a renewal of session `sid` at `now` from a client IP and browser. */
export function noteSessionRenewal(
  db: Database,
  sid: string,
  now: number,
  from: { ip: string; userAgent: string },
): void {
  touchSession(db, sid, now, { ip: from.ip, userAgent: clipUserAgent(from.userAgent) });
}

/** A User-Agent as stored: at most SESSION_USER_AGENT_MAX characters. */
export function clipUserAgent(ua: string | undefined): string {
  return (ua ?? "").slice(0, SESSION_USER_AGENT_MAX);
}

/** The live sessions of `userId` at `now` (Unix seconds), most recently used first; `currentSid` is marked current. */
export function listSessions(db: Database, userId: number, now: number, currentSid?: string): SessionInfo[] {
  return sessionDetailsOfUser(db, userId)
    .filter((s) => s.expiresAt >= now)
    .map((s) => ({
      id: sessionHandle(s.id),
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      expiresAt: s.expiresAt,
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.id === currentSid,
    }));
}

/** Ends the session of `userId` whose handle is `handle`. Returns whether there was one. */
export function endSessionByHandle(db: Database, userId: number, handle: string): boolean {
  const found = sessionDetailsOfUser(db, userId).find((s) => sessionHandle(s.id) === handle);
  return found ? deleteSession(db, found.id) : false;
}
