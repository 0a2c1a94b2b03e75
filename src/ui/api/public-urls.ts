/**
 * @module URLs of a public share (docs/product.md "Public share calls"): downloads, inline media, thumbnails and
 * archives under `/api/public/dl/{hash}` (with the `token=` of a password link when this tab holds one), and the page
 * link people scan or paste, which never carries a token.
 */
import { apiUrl } from "./client";
import { encodePath } from "../format/encode-path";
import { withShareToken } from "./share-token";
import { MEDIA_QUERY as Q, resValue, type HlsQuality } from "../../shared/wire/video";

/** The public preview routes beside the download (docs/security.md "Public previews"). */
export type PublicMediaRoute = "playlist" | "frame" | "probe" | "vtt" | "markdown";

/** The download URL of the shared item or of `sub` inside a shared folder (decoded path, "/" for the item itself). */
export function publicDownloadUrl(hash: string, sub: string = "/"): string {
  return withShareToken(publicItemUrl(hash, sub), hash);
}

function publicItemUrl(hash: string, sub: string, route: "dl" | PublicMediaRoute = "dl"): string {
  return apiUrl(`/api/public/${route}/${encodeURIComponent(hash)}${sub === "/" ? "" : encodePath(sub)}`);
}

/** The URL of `route` for `sub` in share `hash` (with `query`, "a=1&b=2", when given) and this tab's token. */
export function publicMediaUrl(hash: string, sub: string, route: PublicMediaRoute, query = ""): string {
  return withShareToken(`${publicItemUrl(hash, sub, route)}${query ? `?${query}` : ""}`, hash);
}

/** The HLS media playlist of a shared video at one quality. */
export function publicPlaylistUrl(hash: string, sub: string, quality: HlsQuality): string {
  return publicMediaUrl(hash, sub, "playlist", `${Q.res}=${encodeURIComponent(resValue(quality))}`);
}

/** The inline URL for <img>, <video>, <audio> and text fetches. */
export function publicInlineUrl(hash: string, sub: string = "/"): string {
  return withShareToken(`${publicItemUrl(hash, sub)}?inline=true`, hash);
}

/** The thumbnail of an image, `width` CSS px wide at most. */
export function publicThumbnailUrl(hash: string, sub: string, width: number): string {
  return withShareToken(`${publicItemUrl(hash, sub)}?thumb=true&w=${width}&inline=true`, hash);
}

/**
 * A folder as one archive (docs/product.md "Raw files and media URLs": a folder with `algo=`); the path gets its
 * trailing "/".
 */
export function publicArchiveUrl(hash: string, dir: string = "/", format: string = "zip"): string {
  const folder = dir.endsWith("/") ? dir : `${dir}/`;
  return withShareToken(
    `${apiUrl(`/api/public/dl/${encodeURIComponent(hash)}${encodePath(folder)}`)}?algo=${encodeURIComponent(format)}`,
    hash,
  );
}

/**
 * The full page link of a share: `{origin}{base}/share/{hash}` (docs/product.md "Share page": the QR code's content).
 */
export function shareLinkUrl(origin: string, baseURL: string, hash: string): string {
  return `${origin}${baseURL}/share/${encodeURIComponent(hash)}`;
}
