/** @module Wire shape of one failed-login record of GET /api/logs (docs/product.md "Failed log"). Types only. */

/** One record per IP; times are RFC 3339, `bannedAt` null when the IP was never banned. */
export interface FailedLog {
  ip: string;
  loginAt: string;
  failedAttemptsCount: number;
  bannedAt: string | null;
  /** Whether the ban is still in force now. */
  banned: boolean;
  lastUsername: string;
  /** Always empty: nothing of a tried password is kept or shown (docs/security.md "Failed logins"). */
  lastPasswd: string;
}
