/** @module Image thumbnails with sharp (EXIF orientation applied), cached on disk under the cache dir. */
import { closeSync, constants, fstatSync } from "node:fs";
import { fdPath, openBeneath } from "../fs/beneath";
import { stat } from "node:fs/promises";
import { preloadError, preloadVips } from "./preload-vips";
import { isCached, thumbCachePath, writeCacheEntry } from "./thumb-cache";

import type sharpFunction from "sharp";

type Sharp = typeof sharpFunction;
let sharpModule: Sharp | null | undefined;

/**
 * Loads sharp on first use (keeping libvips out of an idle server's memory). Returns null when it cannot
 * load, e.g. an unsupported CPU or a missing libvips, after writing one line through `logError`;
 * callers then serve the original image.
 */
export function loadSharp(logError: (line: string) => void = console.error): Sharp | null {
  if (sharpModule !== undefined) return sharpModule;
  preloadVips();
  try {
    // CommonJS entry on purpose: its static require of the addon is what the bundler embeds (measured with Bun 1.4.5).
    sharpModule = require("sharp") as Sharp;
  } catch (err) {
    sharpModule = null;
    const why = [preloadError, (err as Error).message.split("\n")[0]].filter(Boolean).join("; ");
    logError(`image thumbnails disabled, originals are served instead: sharp could not load (${why})`);
  }
  return sharpModule;
}

/** Formats sharp can read as thumbnails; others (svg, ico, ...) are served as they are. */
const THUMB_EXTENSIONS = new Set([
  ".jpg",
  ".jpeg",
  ".png",
  ".webp",
  ".gif",
  ".avif",
  ".tif",
  ".tiff",
  ".heic",
  ".heif",
  ".bmp",
]);

/** True when `extension` (".jpg") is an image sharp can shrink. */
export function canThumbnail(extension: string): boolean {
  return THUMB_EXTENSIONS.has(extension);
}

/**
 * Returns the path of a cached WebP thumbnail `width` pixels wide (never enlarged) of the image at `abs`,
 * creating it when missing. The cache key covers path, size, mtime and width, so a changed file gets a new one.
 * With `scope` (the scope folder `abs` lies in) the image is opened beneath it once (fs/beneath.ts) and both the
 * key's stat and sharp's read come from that descriptor, so a folder swapped for a link out meanwhile cannot put
 * another file's picture under this file's key.
 * Returns null when sharp is unavailable, cannot decode the image, or the file cannot be opened in the scope.
 */
export async function thumbnailPath(
  cacheDir: string,
  abs: string,
  width: number,
  logError?: (line: string) => void,
  scope?: string,
): Promise<string | null> {
  const sharp = loadSharp(logError);
  if (!sharp) return null;
  let fd = -1;
  if (scope !== undefined) {
    try {
      fd = openBeneath(scope, abs.slice(scope.length), constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      return null;
    }
  }
  try {
    const st = fd >= 0 ? fstatSync(fd) : await stat(abs);
    if (fd >= 0 && !st.isFile()) return null;
    const out = thumbCachePath(cacheDir, abs, st, width, "webp");
    if (await isCached(out)) return out;
    // rotate() with no angle applies the EXIF Orientation tag. libvips opens /proc/self/fd/N: the same file.
    const data = await sharp(fd >= 0 ? fdPath(fd) : abs, { failOn: "none" })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await writeCacheEntry(out, data);
    return out;
  } catch {
    return null;
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}
