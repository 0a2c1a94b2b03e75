/**
 * @module `?thumb=true&w=` of GET /api/raw (docs/product.md "Raw files and media URLs"): image thumbnails and video
 * posters from the cache, switched by the global settings thumbnailEnabled and thumbnailVideo, and the cache's
 * occasional garbage collection (cacheGcProbability, cacheExpireTTL), run after the answer without delaying it.
 */
import type { Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../../app-env";
import type { ScopedPath } from "../../fs/scope";
import { extensionOf, typeFromName } from "../../fs/file-type";
import { canThumbnail, thumbnailPath } from "../../media/thumbnails";
import { posterPath } from "../../media/video-posters";
import { collectThumbCache, shouldCollect } from "../../media/thumb-cache";
import { getSettings } from "../../settings/settings-service";
import { fileResponse } from "../../http/file-response";
import { rawContentSecurityPolicy } from "../../http/security-headers";
import { NotFound } from "../../errors";
import { assertMayReceive } from "../../auth/download-policy";

/**
 * The thumbnail answer for `target` (a file named `name`) at `width` px: the cached image thumbnail (WebP) or video
 * poster (JPEG). Null when the caller should serve the original instead: thumbnails are off, the file is not an
 * image sharp reads, or sharp cannot load. A video never falls back to its original (megabytes where an icon
 * belongs).
 * @throws NotFound (404) for a video when posters are off, ffmpeg is missing or the file yields no frame.
 */
export async function thumbnailResponse(
  c: Context<AppEnv>,
  target: ScopedPath,
  name: string,
  width: number,
): Promise<Response | null> {
  const deps = c.get("deps");
  const settings = getSettings(deps.db).thumbnail;
  const isVideo = typeFromName(name) === "video";
  let cached: string | null = null;
  if (settings.thumbnailEnabled && canThumbnail(extensionOf(name)))
    cached = await thumbnailPath(deps.config.cacheDir, target.abs, width, deps.log.error, target.scope);
  else if (settings.thumbnailEnabled && settings.thumbnailVideo && isVideo)
    cached = await posterPath(deps.config.cacheDir, target, width, deps.log);
  if (shouldCollect(settings.cacheGcProbability)) {
    void collectThumbCache(deps.config.cacheDir, settings.cacheExpireTTL, cached).then(
      (n) => n > 0 && deps.log.info(`thumbnail cache: ${n} entries older than ${settings.cacheExpireTTL} s removed`),
      (err: Error) => deps.log.error(`thumbnail cache collection failed: ${err.message}`),
    );
  }
  if (!cached) {
    if (isVideo) throw new NotFound("no poster for this video");
    return null;
  }
  assertMayReceive(c.get("user"), "picture");
  const contentType = cached.endsWith(".jpg") ? "image/jpeg" : "image/webp";
  return fileResponse(c.req.raw, {
    abs: cached,
    st: await stat(cached),
    name,
    contentType,
    inline: true,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(contentType) },
  });
}
