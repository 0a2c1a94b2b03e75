/** @module Public share calls without login (SPEC §7): the shared item or a folder inside it, and a text file's content. */
import { apiJson, apiText } from "./client";
import { encodePath } from "../format/encode-path";
import type { Resource } from "../../shared/wire/resource";

/** The shared item as GET /api/public/share/{hash} answers it: paths are relative to the share, starting with "/". */
export interface PublicResource extends Resource {
  readonly hash: string;
}

/**
 * Fetches the shared item, or the folder or file `sub` inside a shared folder (decoded path, "/" for the item).
 * @throws ApiError: 404 for an unknown, expired or refused link.
 */
export function fetchPublicShare(hash: string, sub: string, signal?: AbortSignal): Promise<PublicResource> {
  const path = sub === "/" ? "" : encodePath(sub);
  return apiJson<PublicResource>(`/api/public/share/${encodeURIComponent(hash)}${path}`, { auth: false, signal });
}

/** Fetches a shared text file's content, inline. @throws ApiError on non-2xx. */
export function fetchPublicText(hash: string, sub: string, signal?: AbortSignal): Promise<string> {
  const path = sub === "/" ? "" : encodePath(sub);
  return apiText(`/api/public/dl/${encodeURIComponent(hash)}${path}?inline=true`, { auth: false, signal });
}
