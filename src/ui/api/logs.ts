/** @module Failed login logs calls (SPEC §7 GET/DELETE /api/logs). */
import { apiFetch, apiJson } from "./client";

/** One failed-login record per IP (SPEC §3 Failed log); the password is masked by the server. */
export interface FailedLog {
  ip: string;
  loginAt: string;
  failedAttemptsCount: number;
  bannedAt: string | null;
  banned: boolean;
  lastUsername: string;
  lastPasswd: string;
}

/** Lists the failed logins (admin). @throws ApiError. */
export function fetchFailedLogs(): Promise<FailedLog[]> {
  return apiJson<FailedLog[]>("/api/logs");
}

/** Removes the record of an IP, which also lifts its ban. @throws ApiError. */
export async function removeFailedLog(ip: string): Promise<void> {
  await apiFetch(`/api/logs?ip=${encodeURIComponent(ip)}`, { method: "DELETE" });
}
