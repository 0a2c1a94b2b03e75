/**
 * @module Garbage collection of the HLS segment cache (`<cacheDir>/hls/<source key>/`): a source folder nobody used
 * for longer than the cache TTL (the global cacheExpireTTL setting, seconds) is removed whole. "Used" is the newest
 * mtime of the source folder and its quality folders: encoders write segments there, and serving a cached segment
 * touches its quality folder (touchQualityDir).
 */
import { opendir, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";
import { HLS_CACHE_DIR } from "./segment-cache";
import { isExpired } from "../media/thumb-cache";

/** Marks a quality folder as used now (a cached segment was served); quiet when it vanished meanwhile. */
export async function touchQualityDir(dir: string, now = new Date()): Promise<void> {
  await utimes(dir, now, now).catch(() => undefined);
}

/** The newest mtime (ms) of `dir` and the folders directly in it; 0 when it cannot be read. */
async function lastUse(dir: string): Promise<number> {
  let newest = (await stat(dir).catch(() => null))?.mtimeMs ?? 0;
  const entries = await opendir(dir).catch(() => null);
  if (!entries) return newest;
  for await (const e of entries) {
    if (e.isDirectory()) newest = Math.max(newest, (await stat(join(dir, e.name)).catch(() => null))?.mtimeMs ?? 0);
  }
  return newest;
}

let collecting = false;

/**
 * Removes every source folder of the HLS cache unused for more than `ttlS` seconds, except those named in `busy`
 * (source keys with a running encoder). One collection at a time; never throws. Returns how many were removed.
 */
export async function collectHlsCache(
  cacheDir: string,
  ttlS: number,
  busy: ReadonlySet<string>,
  nowMs = Date.now(),
): Promise<number> {
  if (collecting) return 0;
  collecting = true;
  let removed = 0;
  try {
    const top = await opendir(join(cacheDir, HLS_CACHE_DIR)).catch(() => null);
    if (!top) return 0;
    for await (const source of top) {
      if (!source.isDirectory() || busy.has(source.name)) continue;
      const dir = join(cacheDir, HLS_CACHE_DIR, source.name);
      if (!isExpired(await lastUse(dir), ttlS, nowMs)) continue;
      if (
        await rm(dir, { recursive: true, force: true }).then(
          () => true,
          () => false,
        )
      )
        removed++;
    }
    return removed;
  } finally {
    collecting = false;
  }
}
