/**
 * @module Which listing items get a thumbnail (docs/product.md "Listing": thumbnails load lazily when enabled;
 * "Resource" thumbnail settings): images when thumbnails are on, videos (their poster) when video thumbnails are on
 * too.
 */
import type { AppConfig } from "../../stores/config";

/** The thumbnail an item shows: an image's, a video's poster, or none (its icon). */
export type ThumbnailKind = "image" | "video" | null;

/** The thumbnail of `item` under the global `settings`. */
export function thumbnailKind(
  item: { type: string; isDir: boolean },
  settings: Pick<AppConfig["thumbnail"], "thumbnailEnabled" | "thumbnailVideo">,
): ThumbnailKind {
  if (item.isDir || !settings.thumbnailEnabled) return null;
  if (item.type === "image") return "image";
  if (item.type === "video" && settings.thumbnailVideo) return "video";
  return null;
}
