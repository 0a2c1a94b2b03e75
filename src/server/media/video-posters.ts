/**
 * @module Video posters (listing and mosaic thumbnails of videos): the frame at 10 % of the duration, grabbed with
 * ffmpeg, scaled to the asked width, cached as JPEG under the thumbnail cache (media/thumb-cache.ts) with the same
 * key as image thumbnails (path, size, mtime, width). Requests for the same poster share one ffmpeg run.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isToolAvailable } from "../tools/available";
import { runProbe } from "../tools/ffprobe";
import { runFfmpeg } from "../tools/ffmpeg";
import { buildPosterArgs, posterTime } from "../tools/ffmpeg-poster";
import { isCached, thumbCachePath, writeCacheEntry } from "./thumb-cache";
import { POSTER_TIMEOUT_MS } from "../constants";

/** Posters being made now, by cache path, so concurrent requests wait for the same run. */
const pending = new Map<string, Promise<string | null>>();

/** True when ffmpeg and ffprobe are installed (posters need both). */
export function canMakePosters(): boolean {
  return isToolAvailable("ffmpeg") && isToolAvailable("ffprobe");
}

/** Grabs the poster of `abs` into the cache entry `out`; null when the file has no video stream or ffmpeg fails. */
async function makePoster(abs: string, width: number, out: string, logError: (line: string) => void): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), "fbe-poster-"));
  // A poster is not worth a stuck request: a broken file is given up on after POSTER_TIMEOUT_MS.
  const signal = AbortSignal.timeout(POSTER_TIMEOUT_MS);
  try {
    const probe = await runProbe(abs, signal);
    if (!probe.videoCodec) return null;
    const tmp = join(dir, "poster.jpg");
    await runFfmpeg({ args: buildPosterArgs({ input: abs, timeS: posterTime(probe.videoDurationS), width, videoStream: probe.videoStreamIndex, output: tmp }), signal });
    await writeCacheEntry(out, await readFile(tmp));
    return out;
  } catch (err) {
    logError(`video poster of ${abs} failed: ${(err as Error).message.split("\n")[0]}`);
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The path of the cached JPEG poster, at most `width` px wide, of the video at `abs`, made when missing.
 * Null when ffmpeg or ffprobe is missing, or the file yields no frame (logged through `logError`).
 */
export async function posterPath(cacheDir: string, abs: string, width: number, logError: (line: string) => void): Promise<string | null> {
  if (!canMakePosters()) return null;
  const out = thumbCachePath(cacheDir, abs, await stat(abs), width, "jpg");
  if (await isCached(out)) return out;
  let run = pending.get(out);
  if (!run) {
    run = makePoster(abs, width, out, logError).finally(() => pending.delete(out));
    pending.set(out, run);
  }
  return run;
}
