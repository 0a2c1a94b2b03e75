/** @module Media and download URLs that carry the token in the auth query (SPEC §7 Media URLs). */
import { apiUrl } from "./client";
import { encodePath } from "../format/encode-path";
import { THUMB_WIDTH } from "../constants";

/** Download URL of a file (served as an attachment). */
export function downloadUrl(path: string, token: string): string {
  return apiUrl(`/api/raw${encodePath(path)}?auth=${encodeURIComponent(token)}`);
}

/** Inline URL for <img>, <video>, <audio> and <object>. */
export function inlineUrl(path: string, token: string): string {
  return `${downloadUrl(path, token)}&inline=true`;
}

/** Thumbnail URL of an image. */
export function thumbnailUrl(path: string, token: string, width: number = THUMB_WIDTH): string {
  return apiUrl(`/api/raw${encodePath(path)}?thumb=true&w=${width}&inline=true&auth=${encodeURIComponent(token)}`);
}
