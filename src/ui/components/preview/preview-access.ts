/**
 * @module What the preview may show a user without the download permission (docs/security.md "Download
 * permission"): renditions made from a file (an image's thumbnail, HLS, a text under 5 MiB) but never the file's
 * own bytes, so a view that plays or embeds the file itself gives way to a sentence saying why. Pure.
 */
import type { PreviewKind } from "./preview-kind";
import { TEXT_CONTENT_MAX_BYTES } from "../../../shared/wire/resource";

/**
 * How the preview shows a file:
 * - `full`: its usual view (an image is answered with its largest thumbnail; a text under 5 MiB comes as it is);
 * - `hls`: a video played from its HLS playlists only, never asking for the file itself;
 * - `needsDownload`: the card saying the preview needs the download permission, asking the server for nothing.
 */
export type PreviewAccess = "full" | "hls" | "needsDownload";

/** What the rule reads of the user: their permission flags (admins hold every permission). */
export interface PermissionHolder {
  readonly perm: { readonly admin: boolean; readonly download: boolean };
}

/** True when `user` may receive a file's own bytes: an admin, or a user with the download permission. */
export function holdsDownload(user: PermissionHolder | null | undefined): boolean {
  return Boolean(user && (user.perm.admin || user.perm.download));
}

/** The kinds whose view needs the file's own bytes: players, the embedded PDF, and the server's probes of it. */
const NEEDS_ORIGINAL: readonly PreviewKind[] = ["audio", "pdf", "archive", "torrent", "firmware"];

/**
 * How to preview a file of `kind` and `size` bytes (`hasContent`: the server sent its text). `canDownload` from
 * holdsDownload; `hlsOffered` is false when the Video settings turn HLS off. Without download: an .nfo of 5 MiB or
 * more and a markdown file sent without its text need the permission too (the server answers a text preview only
 * under the editor's 5 MiB, TEXT_CONTENT_MAX_BYTES); the fallback card stays (without its download link).
 */
export function previewAccess(
  file: { kind: PreviewKind; size: number; hasContent: boolean },
  opts: { canDownload: boolean; hlsOffered: boolean },
): PreviewAccess {
  if (opts.canDownload) return "full";
  if (file.kind === "video") return opts.hlsOffered ? "hls" : "needsDownload";
  if (NEEDS_ORIGINAL.includes(file.kind)) return "needsDownload";
  if (file.kind === "nfo") return file.size < TEXT_CONTENT_MAX_BYTES ? "full" : "needsDownload";
  if (file.kind === "markdown") return file.hasContent ? "full" : "needsDownload";
  return "full";
}
