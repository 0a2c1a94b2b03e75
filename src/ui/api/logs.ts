/** @module Failed login logs calls (docs/product.md "Failed login calls"). */
import { apiFetch, apiJson } from "./client";
import type { FailedLog } from "../../shared/wire/failed-log";

export type { FailedLog } from "../../shared/wire/failed-log";

/** Lists the failed logins (admin). @throws ApiError. */
export function fetchFailedLogs(): Promise<FailedLog[]> {
  return apiJson<FailedLog[]>("/api/logs");
}

/** Removes the record of an IP, which also lifts its ban. @throws ApiError. */
export async function removeFailedLog(ip: string): Promise<void> {
  await apiFetch(`/api/logs?ip=${encodeURIComponent(ip)}`, { method: "DELETE" });
}
