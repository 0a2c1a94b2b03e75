/**
 * @module Cache entries of pictures and texts derived from a media file (video stills, sprite sheets, WebVTT
 * subtitles): stored beside the thumbnails (media/thumb-cache.ts) so the same garbage collection ages them out, keyed
 * by the source's path, size and modification time plus what was derived (a changed file gets new entries), made
 * once even when several requests ask at the same time.
 */
import type { Stats } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isCached, thumbCachePath, writeCacheEntry } from "./thumb-cache";

/**
 * Path of the cache entry derived from the source `abs` (with its stats): `variant` names what was derived
 * ("frame:12.5:320", "vtt:si=1"), `ext` the entry's file extension ("jpg", "vtt").
 */
export function derivedCachePath(cacheDir: string, abs: string, st: Stats, variant: string, ext: string): string {
  // thumbCachePath hashes the path with size, mtime and width; the variant rides along in the path part.
  return thumbCachePath(cacheDir, `${abs}\0${variant}`, st, 0, ext);
}

/** Entries being made now, so concurrent requests for one entry wait for the same run. */
const pending = new Map<string, Promise<void>>();

/**
 * Returns the cache entry `out`, made first when missing: `produce` writes the content to the temp file it is given
 * (named `tempName`, in a fresh temp folder removed afterwards), which then becomes the entry atomically.
 * @throws whatever `produce` throws (nothing is cached then).
 */
export async function cachedEntry(
  out: string,
  tempName: string,
  produce: (tempPath: string) => Promise<void>,
): Promise<string> {
  if (await isCached(out)) return out;
  let run = pending.get(out);
  if (!run) {
    run = produceInto(out, tempName, produce).finally(() => pending.delete(out));
    pending.set(out, run);
  }
  await run;
  return out;
}

async function produceInto(out: string, tempName: string, produce: (tempPath: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "fbe-media-"));
  try {
    const tmp = join(dir, tempName);
    await produce(tmp);
    await writeCacheEntry(out, await readFile(tmp));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
