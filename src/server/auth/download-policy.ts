/**
 * @module What a user without the download permission may receive of a file (docs/security.md "Download
 * permission"): derived renditions, never the file's own bytes beyond a text preview. Every route that sends file
 * bytes names here what it sends, so the rule lives in this one table.
 */
import type { User } from "../users/types";
import { hasPermission } from "./permissions";
import { Forbidden } from "../errors";
import { TEXT_CONTENT_MAX_BYTES } from "../../shared/wire/resource";

/**
 * What a route sends of a file:
 * - `original`: the file's own bytes (a download, `inline`, an archive) or what needs all of them (checksums,
 *   probe, media info, the markdown page);
 * - `picture`: a picture made from it (a resized image thumbnail, a video poster, frame or seek-thumbnail sprite);
 * - `hls`: HLS playlists and transcoded segments of a video;
 * - `subtitle`: a subtitle stream of a video converted to WebVTT;
 * - `text`: a text file's content as it is (the editor's preview, an .nfo, a subtitle file beside a video).
 */
export type Rendition = "original" | "picture" | "hls" | "subtitle" | "text";

/** The detail of the refusal: why the answer is 403 when the user may see the file in a listing. */
export const DOWNLOAD_NEEDED = "downloading this file needs the download permission";

/**
 * True when `user` may receive `rendition` of a file of `bytes` bytes. With the download permission (admins hold
 * it) everything; without it every rendition but the original, and a text of less than TEXT_CONTENT_MAX_BYTES
 * (5 MiB, the size the editor loads: docs/interfaces.md "Resource JSON": a text file's `content` under 5 MiB).
 */
export function mayReceive(user: Pick<User, "perm">, rendition: Rendition, bytes = 0): boolean {
  if (hasPermission(user, "download")) return true;
  if (rendition === "original") return false;
  if (rendition === "text") return bytes < TEXT_CONTENT_MAX_BYTES;
  return true;
}

/**
 * Refuses what `user` may not receive (see mayReceive).
 * @throws Forbidden (403) with DOWNLOAD_NEEDED as the detail.
 */
export function assertMayReceive(user: Pick<User, "perm">, rendition: Rendition, bytes = 0): void {
  if (!mayReceive(user, rendition, bytes)) throw new Forbidden(DOWNLOAD_NEEDED);
}
