/**
 * @module Public share calls without login (docs/product.md "Public share calls"): the shared item or a folder inside
 * it, a text file's content, a password link's unlock, and a resumable upload into an upload-only folder. A password
 * link's token goes as X-Share-Token.
 */
import { apiJson, apiText, apiUrl } from "./client";
import { tusTransfer, type TusListeners, type TusTransfer } from "./tus-upload";
import { shareTokenHeaders } from "./share-token";
import { encodePath } from "../format/encode-path";
import type { PublicResource, ShareAccess } from "../../shared/wire/share";
import type { ProbedResource } from "./media";

export type { PublicResource };

/**
 * Fetches the shared item, or the folder or file `sub` inside a shared folder (decoded path, "/" for the item).
 * @throws ApiError: 404 for an unknown, expired or refused link; 401 when a password link has no valid token.
 */
export function fetchPublicShare(hash: string, sub: string, signal?: AbortSignal): Promise<PublicResource> {
  const path = sub === "/" ? "" : encodePath(sub);
  return apiJson<PublicResource>(`/api/public/share/${encodeURIComponent(hash)}${path}`, {
    auth: false,
    signal,
    headers: shareTokenHeaders(hash),
  });
}

/** Fetches a shared text file's content, inline. @throws ApiError on non-2xx. */
export function fetchPublicText(hash: string, sub: string, signal?: AbortSignal): Promise<string> {
  const path = sub === "/" ? "" : encodePath(sub);
  return apiText(`/api/public/dl/${encodeURIComponent(hash)}${path}?inline=true`, {
    auth: false,
    signal,
    headers: shareTokenHeaders(hash),
  });
}

/** Fetches a shared video's probe: codecs, embedded tracks, subtitle files (paths inside the share). @throws ApiError. */
export function fetchPublicProbe(hash: string, sub: string, signal?: AbortSignal): Promise<ProbedResource> {
  const path = sub === "/" ? "" : encodePath(sub);
  return apiJson<ProbedResource>(`/api/public/probe/${encodeURIComponent(hash)}${path}`, {
    auth: false,
    signal,
    headers: shareTokenHeaders(hash),
  });
}

/**
 * Trades a password link's password for a share token (the password goes in the JSON body, never in a URL).
 * @throws ApiError: 403 wrong password, 429 this address is banned for a while, 404 unknown or expired link.
 */
export function unlockPublicShare(hash: string, password: string): Promise<ShareAccess> {
  return apiJson<ShareAccess>(`/api/public/share/${encodeURIComponent(hash)}/token`, {
    auth: false,
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
}

/**
 * A resumable (tus) upload of `file` by its name into the upload-only folder of link `hash`, with progress in bytes;
 * a dropped connection resumes where the server stopped. Its run() throws ApiError: 409 a file of that name is
 * already there or being uploaded (never overwritten), 404 the link is gone.
 */
export function shareTusTransfer(hash: string, file: File, listen: TusListeners): TusTransfer {
  const url = apiUrl(`/api/public/tus/${encodeURIComponent(hash)}/${encodeURIComponent(file.name)}`);
  return tusTransfer(file.name, file, false, listen, { url, headers: () => shareTokenHeaders(hash) });
}
