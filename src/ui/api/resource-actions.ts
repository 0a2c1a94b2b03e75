/**
 * @module Resource changes beyond upload and delete (docs/product.md "Resource calls"): move/rename, copy, save, new
 * file, chmod, password rename, checksums, media info.
 */
import { apiFetch, apiJson, apiText } from "./client";
import { encodePath } from "../format/encode-path";
import type { Resource } from "./resources";
import { IF_MODIFIED_AT_HEADER, MODIFIED_AT_HEADER, PROGRESS_ID_HEADER } from "../../shared/wire/headers";
import type { ChecksumAlgorithm } from "../../shared/wire/checksum";
import type { FolderUsage } from "../../shared/wire/folder-usage";

/** What the server does when the destination exists: refuse (409), replace it, or pick a free name ("a (1).txt"). */
export type ConflictPolicy = "fail" | "override" | "rename";

/**
 * The query of a move or copy. The destination is URL-encoded per segment as in resource URLs, then once more
 * as a query value (docs/product.md "Resource calls": destination={encoded path}).
 */
export function transferQuery(action: "rename" | "copy", destination: string, conflict: ConflictPolicy): string {
  let query = `action=${action}&destination=${encodeURIComponent(encodePath(destination))}`;
  if (conflict === "override") query += "&override=true";
  if (conflict === "rename") query += "&rename=true";
  return query;
}

/** The header naming an operation whose progress GET /api/progress/{id} reads (see stores/op-progress.ts). */
export function progressHeader(progressId?: string): Record<string, string> {
  return progressId ? { [PROGRESS_ID_HEADER]: progressId } : {};
}

/**
 * Moves or renames `from` to `to` (decoded paths); `progressId` names the operation for its progress.
 * @throws ApiError (409 exists, 400 into itself, 403).
 */
export async function moveResource(
  from: string,
  to: string,
  conflict: ConflictPolicy = "fail",
  progressId?: string,
): Promise<void> {
  await apiFetch(`/api/resources${encodePath(from)}?${transferQuery("rename", to, conflict)}`, {
    method: "PATCH",
    headers: progressHeader(progressId),
  });
}

/**
 * Copies `from` to `to` (decoded paths); `progressId` names the operation for its progress.
 * @throws ApiError (409 exists, 400 into itself, 403).
 */
export async function copyResource(
  from: string,
  to: string,
  conflict: ConflictPolicy = "fail",
  progressId?: string,
): Promise<void> {
  await apiFetch(`/api/resources${encodePath(from)}?${transferQuery("copy", to, conflict)}`, {
    method: "PATCH",
    headers: progressHeader(progressId),
  });
}

/**
 * Saves the content of an existing file (the editor). With `modified` (the value the file was opened with) the
 * server saves only when the file is unchanged on disk. Answers the file's new `modified`.
 * @throws ApiError (412 when the file changed on disk since, 403 without modify).
 */
export async function saveFile(path: string, content: string, modified?: string): Promise<string | null> {
  const headers: Record<string, string> = modified ? { [IF_MODIFIED_AT_HEADER]: modified } : {};
  const res = await apiFetch(`/api/resources${encodePath(path)}`, { method: "PUT", body: content, headers });
  return res.headers.get(MODIFIED_AT_HEADER);
}

/** Creates an empty file; refuses to overwrite. @throws ApiError (409 when it exists). */
export async function createEmptyFile(path: string): Promise<void> {
  await apiFetch(`/api/resources${encodePath(path)}?override=false`, { method: "POST", body: "" });
}

/** Changes the mode of a file or folder, optionally through the folder's content. @throws ApiError. */
export function changeMode(path: string, mode: string, recursive: boolean): Promise<string> {
  return apiText(
    `/api/resources${encodePath(path)}?action=chmod&mode=${encodeURIComponent(mode)}&recursive=${recursive}`,
    { method: "PATCH" },
  );
}

/**
 * Renames a file with a password prefix ('@'+password+'@#'+name, docs/product.md "Password-prefixed names").
 * @throws ApiError.
 */
export async function renameWithPassword(path: string, password: string): Promise<void> {
  await apiFetch(`/api/resources${encodePath(path)}?action=passwdrename&password=${encodeURIComponent(password)}`, {
    method: "PATCH",
  });
}

/** Computes one checksum of a file on the server; answers the hex digest. @throws ApiError. */
export async function fetchChecksum(path: string, algo: ChecksumAlgorithm): Promise<string> {
  const res = await apiJson<Resource & { checksums?: Record<string, string> }>(
    `/api/resources${encodePath(path)}?checksum=${algo}`,
  );
  return res.checksums?.[algo] ?? "";
}

export type { FolderUsage };

/** Asks the server to measure a folder (GET ?usage=true); `signal` cancels it, and the server stops walking. @throws ApiError. */
export function fetchFolderUsage(path: string, signal?: AbortSignal): Promise<FolderUsage> {
  return apiJson<FolderUsage>(`/api/resources${encodePath(path)}?usage=true`, { signal });
}

/** The raw media information text of a video or audio file. @throws ApiError. */
export async function fetchMediaInfo(path: string): Promise<string> {
  const res = await apiJson<{ content?: string }>(`/api/resources${encodePath(path)}?mediaInfo=yes`);
  return res.content ?? "";
}
