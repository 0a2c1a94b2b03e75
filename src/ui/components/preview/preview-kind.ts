/** @module Which view previews a file (docs/product.md "Preview"), from its type and name. Pure. */
import type { Resource } from "../../api/resources";
import { COMPRESSED_STREAM_SUFFIXES } from "../../../shared/wire/archive";

/** The preview views. "download" is the fallback card with a download link. */
export type PreviewKind =
  | "image"
  | "video"
  | "audio"
  | "pdf"
  | "nfo"
  | "markdown"
  | "archive"
  | "torrent"
  | "firmware"
  | "text"
  | "download";

/** True when the name ends with one of `suffixes`, case-insensitively. */
function endsWithAny(name: string, suffixes: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return suffixes.some((s) => lower.endsWith(s));
}

/** The view for `file` (a file, not a folder). Text files reach it only when the editor does not open them. */
export function previewKind(file: Pick<Resource, "name" | "type" | "content">): PreviewKind {
  const name = file.name.toLowerCase();
  if (file.type === "image" || file.type === "video" || file.type === "audio") return file.type;
  if (name.endsWith(".pdf")) return "pdf";
  if (name.endsWith(".nfo")) return "nfo";
  if (name.endsWith(".md") || name.endsWith(".markdown")) return "markdown";
  if (name.endsWith(".torrent")) return "torrent";
  if (name.endsWith(".trx")) return "firmware";
  if (file.type === "archive" && !endsWithAny(name, COMPRESSED_STREAM_SUFFIXES)) return "archive";
  if ((file.type === "text" || file.type === "textImmutable") && file.content !== undefined) return "text";
  return "download";
}
