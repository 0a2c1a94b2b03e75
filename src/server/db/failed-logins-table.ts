/** @module Rows of the failed_logins table: one per client IP (docs/product.md "Failed log"). */
import type { Database } from "bun:sqlite";

/** One IP's failed-login record; times are Unix seconds, `bannedAt` 0 when not banned. */
export interface FailedLogin {
  ip: string;
  loginAt: number;
  failedAttempts: number;
  bannedAt: number;
  lastUsername: string;
  /** Masked: never the whole password. */
  lastPasswd: string;
  /** Start of the current counting window. */
  windowStart: number;
}

interface Row {
  ip: string;
  login_at: number;
  failed_attempts: number;
  banned_at: number;
  last_username: string;
  last_passwd: string;
  window_start: number;
}

function toRecord(r: Row): FailedLogin {
  return {
    ip: r.ip,
    loginAt: r.login_at,
    failedAttempts: r.failed_attempts,
    bannedAt: r.banned_at,
    lastUsername: r.last_username,
    lastPasswd: r.last_passwd,
    windowStart: r.window_start,
  };
}

/** The record of `ip`, or null. */
export function findFailedLogin(db: Database, ip: string): FailedLogin | null {
  const row = db.query("SELECT * FROM failed_logins WHERE ip = ?").get(ip) as Row | null;
  return row ? toRecord(row) : null;
}

/** Every record, the most recent attempt first. */
export function listFailedLogins(db: Database): FailedLogin[] {
  return (db.query("SELECT * FROM failed_logins ORDER BY login_at DESC, ip").all() as Row[]).map(toRecord);
}

/** Inserts or replaces the record of `rec.ip`. */
export function saveFailedLogin(db: Database, rec: FailedLogin): void {
  db.query(
    `INSERT INTO failed_logins (ip, login_at, failed_attempts, banned_at, last_username, last_passwd, window_start)
     VALUES ($ip, $login_at, $failed_attempts, $banned_at, $last_username, $last_passwd, $window_start)
     ON CONFLICT(ip) DO UPDATE SET login_at = excluded.login_at, failed_attempts = excluded.failed_attempts,
       banned_at = excluded.banned_at, last_username = excluded.last_username, last_passwd = excluded.last_passwd,
       window_start = excluded.window_start`,
  ).run({
    ip: rec.ip,
    login_at: rec.loginAt,
    failed_attempts: rec.failedAttempts,
    banned_at: rec.bannedAt,
    last_username: rec.lastUsername,
    last_passwd: rec.lastPasswd,
    window_start: rec.windowStart,
  });
}

/** Deletes the record of `ip`; returns whether one existed. */
export function deleteFailedLogin(db: Database, ip: string): boolean {
  return db.query("DELETE FROM failed_logins WHERE ip = ?").run(ip).changes > 0;
}

/** Deletes every record; returns how many there were. */
export function deleteAllFailedLogins(db: Database): number {
  return db.query("DELETE FROM failed_logins").run().changes;
}
