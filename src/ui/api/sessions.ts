/** @module Login session calls: a user's live sessions, ending one, ending all (GET/DELETE /api/users/{id}/sessions). */
import { apiJson, apiText } from "./client";
import type { SessionInfo } from "../../shared/wire/session";

export type { SessionInfo };

/** The live sessions of user `userId`, most recently used first. @throws ApiError (403 for another user unless admin). */
export function listSessionsRequest(userId: number): Promise<SessionInfo[]> {
  return apiJson<SessionInfo[]>(`/api/users/${userId}/sessions`);
}

/** Ends one session of `userId` by its handle. @throws ApiError (404 when it already ended). */
export async function endSessionRequest(userId: number, handle: string): Promise<void> {
  await apiText(`/api/users/${userId}/sessions/${encodeURIComponent(handle)}`, { method: "DELETE" });
}

/** Ends every session of `userId`; returns how many ended. @throws ApiError. */
export async function endAllSessionsRequest(userId: number): Promise<number> {
  return (await apiJson<{ ended: number }>(`/api/users/${userId}/sessions`, { method: "DELETE" })).ended;
}
