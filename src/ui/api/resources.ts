/** @module Resource calls: fetch, create folder, delete, upload (docs/product.md "Resource calls"). */
import { apiFetch, apiJson, apiUpload, type ProgressListener } from "./client";
import { encodePath } from "../format/encode-path";
import type { Resource } from "../../shared/wire/resource";
import { PROGRESS_ID_HEADER } from "../../shared/wire/headers";
import { TRASH_ID_HEADER } from "../../shared/wire/trash";

export type { Resource, ResourceType } from "../../shared/wire/resource";

/** Fetches a file or folder (decoded path). @throws ApiError (404, 403, ...). */
export function fetchResource(path: string, signal?: AbortSignal): Promise<Resource> {
  return apiJson<Resource>(`/api/resources${encodePath(path)}`, { signal });
}

/** Creates a folder; `path` is the decoded folder path without the trailing slash. @throws ApiError. */
export async function createFolder(path: string): Promise<void> {
  await apiFetch(`/api/resources${encodePath(path.replace(/\/+$/, ""))}/`, { method: "POST" });
}

/**
 * Deletes a file or folder; `progressId` names the operation for its progress. Answers the id of the trash entry the
 * item went to (the X-Trash-Id header), or null when it was deleted for good (docs/product.md "Trash").
 * @throws ApiError.
 */
export async function deleteResource(path: string, progressId?: string): Promise<string | null> {
  const res = await apiFetch(`/api/resources${encodePath(path)}`, {
    method: "DELETE",
    headers: progressId ? { [PROGRESS_ID_HEADER]: progressId } : {},
  });
  return res.headers.get(TRASH_ID_HEADER) || null;
}

/** Uploads one file body to a decoded path, reporting progress. @throws ApiError (409 when it exists and !override). */
export async function uploadFile(
  path: string,
  body: Blob,
  override: boolean,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<void> {
  await apiUpload(`/api/resources${encodePath(path)}?override=${override}`, body, onProgress, signal);
}
