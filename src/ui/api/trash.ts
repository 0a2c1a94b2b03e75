/**
 * @module Trash calls (docs/product.md "Trash"): GET /api/trash (the caller's entries), POST /api/trash/{id}/restore,
 * DELETE /api/trash/{id} (one entry forever) and DELETE /api/trash (empty it).
 */
import { apiJson, apiText } from "./client";
import type { EmptyTrashResult, RestoreRequest, RestoreResult, TrashList } from "../../shared/wire/trash";

export type { RestoreConflict, TrashItem, TrashList } from "../../shared/wire/trash";

/** The URL path of one entry ("/api/trash/{id}"). */
function entryPath(id: string): string {
  return `/api/trash/${encodeURIComponent(id)}`;
}

/**
 * The caller's trash: `{ items, retentionDays }`, newest first; an admin's items carry `deletedBy`.
 * @throws ApiError (403 without the delete permission).
 */
export function fetchTrash(): Promise<TrashList> {
  return apiJson<TrashList>("/api/trash");
}

/**
 * Puts an entry back: into `request.destination` (a folder of the caller's scope) or, absent, the folder it was
 * deleted from; `request.conflict` says what to do when the name is taken there ("fail" when absent). Answers where
 * the item is now (`{ path }`).
 * @throws ApiError: 409 when the name is taken and conflict is "fail", 403 without the delete permission or when the
 * rules deny the place, 404 for an unknown id.
 */
export function restoreTrashItem(id: string, request: RestoreRequest = {}): Promise<RestoreResult> {
  return apiJson<RestoreResult>(`${entryPath(id)}/restore`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
}

/** Deletes one entry forever. @throws ApiError (404 for an unknown id, 403). */
export async function deleteTrashItem(id: string): Promise<void> {
  await apiText(entryPath(id), { method: "DELETE" });
}

/** Empties the caller's trash; answers how many entries were deleted forever. @throws ApiError (403). */
export async function emptyTrash(): Promise<number> {
  return (await apiJson<EmptyTrashResult>("/api/trash", { method: "DELETE" })).removed;
}
