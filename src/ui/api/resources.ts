/** @module Resource calls: fetch, create folder, delete, upload (SPEC §7). */
import { apiFetch, apiJson, apiUpload, type ProgressListener } from "./client";
import { encodePath } from "../format/encode-path";
import type { Sorting } from "../auth/token";

/** File types the server reports (CONTRACT "HTTP API"); "" for folders. */
export type ResourceType = "" | "video" | "audio" | "image" | "text" | "textImmutable" | "document" | "archive" | "font" | "blob";

/** One file or folder as the server sends it. */
export interface Resource {
  readonly name: string;
  readonly path: string;
  readonly size: number;
  readonly modified: string;
  readonly mode: number;
  readonly modeStr: string;
  readonly isDir: boolean;
  readonly isSymlink: boolean;
  readonly type: ResourceType;
  readonly extension: string;
  readonly content?: string;
  readonly items?: readonly Resource[];
  readonly numDirs?: number;
  readonly numFiles?: number;
  readonly sorting?: Readonly<Sorting>;
}

/** Fetches a file or folder (decoded path). @throws ApiError (404, 403, ...). */
export function fetchResource(path: string, signal?: AbortSignal): Promise<Resource> {
  return apiJson<Resource>(`/api/resources${encodePath(path)}`, { signal });
}

/** Creates a folder; `path` is the decoded folder path without the trailing slash. @throws ApiError. */
export async function createFolder(path: string): Promise<void> {
  await apiFetch(`/api/resources${encodePath(path.replace(/\/+$/, ""))}/`, { method: "POST" });
}

/** Deletes a file or folder. @throws ApiError. */
export async function deleteResource(path: string): Promise<void> {
  await apiFetch(`/api/resources${encodePath(path)}`, { method: "DELETE" });
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
