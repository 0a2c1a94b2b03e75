/** @module Maps failed-login records to the GET /api/logs JSON (SPEC section 3 Failed log). */
import type { FailedLogin } from "../db/failed-logins-table";

/** Wire shape of one failed log; times are RFC 3339, `bannedAt` null when the IP was never banned. */
export interface FailedLoginJson {
  ip: string;
  loginAt: string;
  failedAttemptsCount: number;
  bannedAt: string | null;
  /** Whether the ban is still in force now. */
  banned: boolean;
  lastUsername: string;
  /** Masked: first and last character only. */
  lastPasswd: string;
}

/** Presents one record; `banned` is computed by the caller from the ban settings. */
export function presentFailedLogin(rec: FailedLogin, banned: boolean): FailedLoginJson {
  return {
    ip: rec.ip,
    loginAt: new Date(rec.loginAt * 1000).toISOString(),
    failedAttemptsCount: rec.failedAttempts,
    bannedAt: rec.bannedAt > 0 ? new Date(rec.bannedAt * 1000).toISOString() : null,
    banned,
    lastUsername: rec.lastUsername,
    lastPasswd: rec.lastPasswd,
  };
}
