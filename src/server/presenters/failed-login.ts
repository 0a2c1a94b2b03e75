/** @module Maps failed-login records to the GET /api/logs JSON (docs/product.md "Failed log"). */
import type { FailedLogin } from "../db/failed-logins-table";
import type { FailedLog } from "../../shared/wire/failed-log";

/** Presents one record; `banned` is computed by the caller from the ban settings. */
export function presentFailedLogin(rec: FailedLogin, banned: boolean): FailedLog {
  return {
    ip: rec.ip,
    loginAt: new Date(rec.loginAt * 1000).toISOString(),
    failedAttemptsCount: rec.failedAttempts,
    bannedAt: rec.bannedAt > 0 ? new Date(rec.bannedAt * 1000).toISOString() : null,
    banned,
    lastUsername: rec.lastUsername,
    // docs/security.md "Failed logins": the `lastPasswd` field stays, and holds nothing of a tried password.
    lastPasswd: "",
  };
}
