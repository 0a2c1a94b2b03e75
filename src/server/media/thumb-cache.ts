/**
 * @module The thumbnail cache under `<cache dir>/thumbs/`: one file per source path, size, mtime and width (so a
 * changed file gets a new entry), written atomically, and its garbage collection by age (docs/product.md "Cache and
 * thumbnail defaults": cacheGcProbability per million requests, cacheExpireTTL seconds).
 */
import { createHash } from "node:crypto";
import { mkdir, opendir, rename, rm, stat, writeFile } from "node:fs/promises";
import type { Stats } from "node:fs";
import { dirname, join } from "node:path";

/** The cache folder of thumbnails and posters inside the cache dir. */
const THUMBS_DIR = "thumbs";
/** cacheGcProbability counts per million thumbnail requests (docs/product.md "Settings ranges": 0-1000000). */
const GC_PROBABILITY_SCALE = 1_000_000;

/** Path of the cache entry of the source `abs` (with its stats) at `width` px, with the extension `ext` ("webp"). */
export function thumbCachePath(cacheDir: string, abs: string, st: Stats, width: number, ext: string): string {
  const key = createHash("sha1").update(`${abs}\0${st.size}\0${st.mtimeMs}\0${width}`).digest("hex");
  return join(cacheDir, THUMBS_DIR, key.slice(0, 2), `${key}.${ext}`);
}

/** True when a cache entry exists at `path`. */
export async function isCached(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Writes `data` to the cache entry `path` atomically (temp name, then rename), creating its folder. */
export async function writeCacheEntry(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/**
 * Whether this thumbnail request runs a garbage collection: true with probability `perMillion` / 1 000 000,
 * drawn from `random` (a number in [0, 1), Math.random by default). 0 never, 1 000 000 always.
 */
export function shouldCollect(perMillion: number, random: () => number = Math.random): boolean {
  return perMillion > 0 && random() * GC_PROBABILITY_SCALE < perMillion;
}

/** True when a cache entry last written at `mtimeMs` is older than `ttlS` seconds at `nowMs`. */
export function isExpired(mtimeMs: number, ttlS: number, nowMs: number): boolean {
  return nowMs - mtimeMs > ttlS * 1000;
}

let collecting = false;

/**
 * Removes every cache entry older than `ttlS` seconds (by its write time) except `keep` (the entry being served).
 * One collection at a time: a call while one runs returns at once. Never throws; an entry that vanished meanwhile
 * is skipped. Returns how many entries were removed.
 */
export async function collectThumbCache(
  cacheDir: string,
  ttlS: number,
  keep: string | null,
  nowMs = Date.now(),
): Promise<number> {
  if (collecting) return 0;
  collecting = true;
  let removed = 0;
  try {
    const top = await opendir(join(cacheDir, THUMBS_DIR)).catch(() => null);
    if (!top) return 0;
    for await (const bucket of top) {
      if (!bucket.isDirectory()) continue;
      const dir = await opendir(join(cacheDir, THUMBS_DIR, bucket.name)).catch(() => null);
      if (!dir) continue;
      for await (const ent of dir) {
        const abs = join(cacheDir, THUMBS_DIR, bucket.name, ent.name);
        if (abs === keep) continue;
        const st = await stat(abs).catch(() => null);
        if (
          st &&
          isExpired(st.mtimeMs, ttlS, nowMs) &&
          (await rm(abs, { force: true }).then(
            () => true,
            () => false,
          ))
        )
          removed++;
      }
    }
    return removed;
  } finally {
    collecting = false;
  }
}
