/**
 * @module Share link calls (docs/product.md "Share calls"): POST /api/share/{path}?expires=N&unit=U (no query: the
 * permalink), GET /api/share/{path} (the caller's links of a path), GET /api/shared (admins: every link), DELETE
 * /api/share/{hash}, PATCH /api/share/{hash} (a link's download speed).
 */
import { apiFetch, apiJson } from "./client";
import { encodePath } from "../format/encode-path";
import type { ShareLink, ShareOptions, ShareUnit } from "../../shared/wire/share";

export type { ShareLink, ShareOptions, ShareUnit } from "../../shared/wire/share";

/** The caller's live links of a path (a folder path ends with "/"). @throws ApiError. */
export function fetchLinksOf(path: string): Promise<ShareLink[]> {
  return apiJson<ShareLink[]>(`/api/share${encodePath(path)}`);
}

/** Every live link with its owner's name, permanent first then by expiry (admin). @throws ApiError. */
export function fetchAllLinks(): Promise<ShareLink[]> {
  return apiJson<ShareLink[]>("/api/shared");
}

/**
 * Creates a link of a path: expiring after `duration` (N and its unit), or the path's permalink when none is
 * given (the server answers the existing one if the caller has it already); `options` go as the JSON body.
 * @throws ApiError.
 */
export function createLink(
  path: string,
  duration?: { expires: number; unit: ShareUnit },
  options?: ShareOptions,
): Promise<ShareLink> {
  const query = duration ? `?expires=${duration.expires}&unit=${duration.unit}` : "";
  const body = options ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(options) } : {};
  return apiJson<ShareLink>(`/api/share${encodePath(path)}${query}`, { method: "POST", ...body });
}

/** Deletes a link (its owner or an admin). @throws ApiError. */
export async function deleteLink(hash: string): Promise<void> {
  await apiFetch(`/api/share/${encodeURIComponent(hash)}`, { method: "DELETE" });
}

/** Sets a link's public download speed (bytes per second, 0 = unlimited); answers the link. @throws ApiError. */
export function setLinkRate(hash: string, downloadRate: number): Promise<ShareLink> {
  return apiJson<ShareLink>(`/api/share/${encodeURIComponent(hash)}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ downloadRate }),
  });
}
