/**
 * @module The attempt limits of the rateLimit settings applied to logins, signups and share passwords
 * (rate-limit.ts counts): per client IP and per user name from that IP, or per link and IP.
 */
import type { Database } from "bun:sqlite";
import type { StoredSettings } from "../settings/schema";
import { clearAttempts, takeAttempt, type Taken } from "./rate-limit";

type RateSettings = StoredSettings["rateLimit"];

/** Short message of a 429 from these limits. */
export const TOO_MANY_ATTEMPTS = "too many attempts, try again later";

/** The longest part of a tried user name kept in a limit's key (characters; real names have at most 64). */
const KEY_NAME_CHARS = 256;

/**
 * Takes one login or signup attempt of `ip` for `username` (case-insensitive, as user names are). The name's
 * limit counts per IP too (docs/security.md "Login attempts"): failures from other addresses never refuse the
 * right password from one that has not failed.
 * @throws TooManyRequests (429 with Retry-After) when the IP, or the name from that IP, used up its window;
 * nothing is taken then.
 */
export function takeLoginAttempt(
  db: Database,
  kind: "login" | "signup",
  ip: string,
  username: string,
  rate: RateSettings,
  now = Date.now(),
): Taken {
  const windowMs = rate.windowSeconds * 1000;
  const byIp = takeAttempt(db, [`${kind}:ip:${ip}`], { limit: rate.loginPerIp, windowMs }, TOO_MANY_ATTEMPTS, now);
  try {
    const nameKey = `${kind}:user:${ip}:${username.slice(0, KEY_NAME_CHARS).toLowerCase()}`;
    const byName = username
      ? takeAttempt(db, [nameKey], { limit: rate.loginPerUser, windowMs }, TOO_MANY_ATTEMPTS, now)
      : null;
    return {
      refund: () => {
        byIp.refund();
        byName?.refund();
      },
    };
  } catch (err) {
    byIp.refund();
    throw err;
  }
}

/**
 * Takes one password attempt of `ip` on link `hash`.
 * @throws TooManyRequests (429 with Retry-After) when that IP used up its window on that link.
 */
export function takeSharePasswordAttempt(
  db: Database,
  hash: string,
  ip: string,
  rate: RateSettings,
  now = Date.now(),
): Taken {
  return takeAttempt(
    db,
    [`share:${hash}:${ip}`],
    { limit: rate.sharePasswordPerIp, windowMs: rate.windowSeconds * 1000 },
    TOO_MANY_ATTEMPTS,
    now,
  );
}

/**
 * Forgets the login attempts counted so far, per IP and per user name: an admin who removes a failed-login record
 * (unbanning an IP) lets its logins through at once, rather than after the rest of the window.
 */
export function clearLoginAttempts(db: Database): void {
  clearAttempts(db, "login:");
}
