/**
 * @module Password links: a visitor posts the password once and gets a short-lived share token (HS256 JWT,
 * RFC 7519) for that one link, sent as the X-Share-Token header or the `token` query on later calls, so the
 * password itself never travels in a URL. Wrong passwords count toward the login ban of the visitor's IP and
 * toward the attempt limit of that IP on that link (rateLimit.sharePasswordPerIp per window).
 */
import type { Database } from "bun:sqlite";
import { signClaims, verifySigned } from "../auth/jwt";
import { verifyPassword } from "../auth/password";
import { assertNotBanned, recordFailedLogin } from "../auth/login-ban";
import { takeSharePasswordAttempt } from "../auth/attempt-limits";
import { getSettings } from "../settings/settings-service";
import { Forbidden } from "../errors";
import type { ShareAccess } from "../../shared/wire/share";
import { liveLink } from "./share-service";

/** Lifetime (seconds) of the token a visitor gets for a password link: an hour of browsing and downloads. */
const SHARE_TOKEN_LIFETIME_S = 60 * 60;

const SHARE_TOKEN_TYPE = "share";

/**
 * Checks `password` for link `hash` from `ip` at `now` (Unix seconds) and answers a share token.
 * @throws NotFound for a dead link; TooManyRequests (429) while the IP is banned, or (with Retry-After) when the
 * IP used up its password attempts on this link; Forbidden (403) for a wrong password (recorded as a failed login
 * of the IP; a right one gives its attempt back).
 */
export async function unlockShare(
  db: Database,
  secret: string,
  hash: string,
  password: string,
  ip: string,
  now: number,
): Promise<ShareAccess> {
  const { share } = liveLink(db, hash, now);
  const settings = getSettings(db);
  const ban = settings.loginBan;
  assertNotBanned(db, ip, ban, now);
  const taken = takeSharePasswordAttempt(db, hash, ip, settings.rateLimit);
  if (share.passwordHash && !(await verifyPassword(password, share.passwordHash))) {
    recordFailedLogin(db, ip, `share ${hash}`, ban, now);
    throw new Forbidden("wrong password");
  }
  taken.refund();
  const expires = now + SHARE_TOKEN_LIFETIME_S;
  return { token: await signClaims({ typ: SHARE_TOKEN_TYPE, hash, exp: expires }, secret), expires };
}

/** True when `token` is a live share token of link `hash`. */
export async function hasShareAccess(secret: string, hash: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const claims = await verifySigned(token, secret);
  return claims?.typ === SHARE_TOKEN_TYPE && claims.hash === hash;
}
