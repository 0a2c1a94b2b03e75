/**
 * @module File version calls (docs/product.md "Versions"): GET /api/versions/{path} (a file's earlier contents),
 * GET /api/version/{id} (one of them) and POST /api/version/{id}/restore.
 */
import { apiFetch, apiJson } from "./client";
import { encodePath } from "../format/encode-path";
import type { VersionList } from "../../shared/wire/versions";
import type { RestoreResult } from "../../shared/wire/trash";

export type { FileVersion } from "../../shared/wire/versions";

/** The URL path of one version ("/api/version/{id}"). */
function versionPath(id: string): string {
  return `/api/version/${encodeURIComponent(id)}`;
}

/** The earlier contents of the file at `path`, newest first. @throws ApiError (404 for an unknown path). */
export async function fetchVersions(path: string, signal?: AbortSignal): Promise<VersionList> {
  return apiJson<VersionList>(`/api/versions${encodePath(path)}`, { signal });
}

/**
 * The bytes of one version. They come through the client with the X-Auth header, never with the login token in a
 * URL (docs/interfaces.md "Authentication"), so a download or a picture is made from the answer.
 * @throws ApiError (403 without the download permission, 404 for an unknown id).
 */
export async function fetchVersionContent(id: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFetch(`${versionPath(id)}?inline=true`, { signal })).blob();
}

/**
 * Writes a version back over its file; what it replaces becomes a version too. Answers the file's path.
 * @throws ApiError (403 without the modify permission, 404 for an unknown id).
 */
export function restoreVersion(id: string): Promise<RestoreResult> {
  return apiJson<RestoreResult>(`${versionPath(id)}/restore`, { method: "POST" });
}
