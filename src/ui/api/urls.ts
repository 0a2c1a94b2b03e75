/**
 * @module Media and download URLs (docs/product.md "Raw files and media URLs"). Their `auth` query carries a read-only
 * media token (stores/media-tokens.ts) whose prefix covers the path, never the login token (docs/interfaces.md
 * "Authentication").
 */
import { apiUrl } from "./client";
import { encodePath } from "../format/encode-path";

/** Download URL of a file (served as an attachment). */
export function downloadUrl(path: string, token: string): string {
  return apiUrl(`/api/raw${encodePath(path)}?auth=${encodeURIComponent(token)}`);
}

/** Inline URL for <img>, <video>, <audio> and <object>. */
export function inlineUrl(path: string, token: string): string {
  return `${downloadUrl(path, token)}&inline=true`;
}

/**
 * Thumbnail URL of an image, or the poster of a video, `width` px wide (docs/product.md "Raw files and media URLs").
 */
export function thumbnailUrl(path: string, token: string, width: number): string {
  return apiUrl(`/api/raw${encodePath(path)}?thumb=true&w=${width}&inline=true&auth=${encodeURIComponent(token)}`);
}

/**
 * The external-player link of a file: `{origin}{base}/api/raw{encoded path}?auth={token}&inline=true` (docs/product.md
 * "Raw files and media URLs").
 */
export function externalLink(path: string, token: string, origin: string): string {
  return `${origin}${inlineUrl(path, token)}`;
}

/**
 * Archive download URL (docs/product.md "Raw files and media URLs"): a folder as `/api/raw{dir}/?algo=`, several items
 * as `/api/raw/?files={comma-joined encoded paths}&algo=`. Paths are decoded; folders may end with '/'.
 */
export function archiveUrl(paths: readonly string[], format: string, token: string): string {
  const auth = `auth=${encodeURIComponent(token)}`;
  if (paths.length === 1) {
    const dir = paths[0].endsWith("/") ? paths[0] : `${paths[0]}/`;
    return apiUrl(`/api/raw${encodePath(dir)}?algo=${format}&${auth}`);
  }
  // Each path encoded per segment, joined with commas, then encoded as one query value (a comma in a name survives).
  const files = encodeURIComponent(paths.map(encodePath).join(","));
  return apiUrl(`/api/raw/?files=${files}&algo=${format}&${auth}`);
}
