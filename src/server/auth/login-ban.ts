/**
 * @module Failed-login bookkeeping per client IP and the ban it leads to: `maxAttempts` failures within
 * `windowSeconds` ban the IP from /api/login for `banSeconds` (docs/interfaces.md "Authentication": 429 when banned).
 */
import type { Database } from "bun:sqlite";
import { findFailedLogin, saveFailedLogin } from "../db/failed-logins-table";
import { TooManyRequests } from "../errors";
import type { StoredSettings } from "../settings/schema";

type BanSettings = StoredSettings["loginBan"];

/** True while `bannedAt` (Unix seconds, 0 = never) is within the ban duration at `now`. */
export function isBanActive(bannedAt: number, ban: BanSettings, now: number): boolean {
  return ban.enabled && bannedAt > 0 && now - bannedAt < ban.banSeconds;
}

/**
 * Refuses a login attempt from a banned IP.
 * @throws TooManyRequests (429) while the ban lasts.
 */
export function assertNotBanned(db: Database, ip: string, ban: BanSettings, now: number): void {
  const rec = findFailedLogin(db, ip);
  if (rec && isBanActive(rec.bannedAt, ban, now)) throw new TooManyRequests();
}

/**
 * Records one failed attempt of `ip` at `now`; nothing of the tried password is kept (docs/security.md "Failed
 * logins": the `lastPasswd` field stays empty). A new window starts when the previous one is over or a ban
 * has expired; reaching `maxAttempts` within the window bans the IP. Returns whether the IP is now banned.
 */
export function recordFailedLogin(db: Database, ip: string, username: string, ban: BanSettings, now: number): boolean {
  const rec = findFailedLogin(db, ip);
  const expiredBan = rec !== null && rec.bannedAt > 0 && !isBanActive(rec.bannedAt, ban, now);
  const newWindow = !rec || expiredBan || now - rec.windowStart >= ban.windowSeconds;
  const failedAttempts = newWindow ? 1 : rec.failedAttempts + 1;
  const bannedAt = ban.enabled && failedAttempts >= ban.maxAttempts ? now : newWindow ? 0 : rec.bannedAt;
  saveFailedLogin(db, {
    ip,
    loginAt: now,
    failedAttempts,
    bannedAt,
    lastUsername: username.slice(0, 256),
    lastPasswd: "",
    windowStart: newWindow ? now : rec.windowStart,
  });
  return bannedAt === now;
}
