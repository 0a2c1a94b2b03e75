/**
 * @module URLs of a public share (SPEC §7 Public share calls): downloads, inline media, thumbnails and archives
 * under `/api/public/dl/{hash}` (with the `token=` of a password link when this tab holds one), and the page link
 * people scan or paste, which never carries a token.
 */
import { apiUrl } from "./client";
import { encodePath } from "../format/encode-path";
import { withShareToken } from "./share-token";

/** The download URL of the shared item or of `sub` inside a shared folder (decoded path, "/" for the item itself). */
export function publicDownloadUrl(hash: string, sub: string = "/"): string {
  return withShareToken(publicItemUrl(hash, sub), hash);
}

function publicItemUrl(hash: string, sub: string): string {
  return apiUrl(`/api/public/dl/${encodeURIComponent(hash)}${sub === "/" ? "" : encodePath(sub)}`);
}

/** The inline URL for <img>, <video>, <audio> and text fetches. */
export function publicInlineUrl(hash: string, sub: string = "/"): string {
  return withShareToken(`${publicItemUrl(hash, sub)}?inline=true`, hash);
}

/** The thumbnail of an image, `width` CSS px wide at most. */
export function publicThumbnailUrl(hash: string, sub: string, width: number): string {
  return withShareToken(`${publicItemUrl(hash, sub)}?thumb=true&w=${width}&inline=true`, hash);
}

/** A folder as one archive (SPEC §7: a folder with `algo=`); the path gets its trailing "/". */
export function publicArchiveUrl(hash: string, dir: string = "/", format: string = "zip"): string {
  const folder = dir.endsWith("/") ? dir : `${dir}/`;
  return withShareToken(`${apiUrl(`/api/public/dl/${encodeURIComponent(hash)}${encodePath(folder)}`)}?algo=${encodeURIComponent(format)}`, hash);
}

/** The full page link of a share: `{origin}{base}/share/{hash}` (SPEC §2 Share page: the QR code's content). */
export function shareLinkUrl(origin: string, baseURL: string, hash: string): string {
  return `${origin}${baseURL}/share/${encodeURIComponent(hash)}`;
}
