/**
 * @module Video posters (listing and mosaic thumbnails of videos): the frame at 10 % of the duration, grabbed with
 * ffmpeg, scaled to the asked width, cached as JPEG under the thumbnail cache (media/thumb-cache.ts) with the same
 * key as image thumbnails (path, size, mtime, width). Requests for the same poster share one ffmpeg run, and a
 * version of a file that yields no poster is remembered, so a broken video in a listing is probed once, not on
 * every view.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isToolAvailable } from "../tools/available";
import { runProbe } from "../tools/ffprobe";
import { inheritedInput, runFfmpeg } from "../tools/ffmpeg";
import type { ScopedFile } from "../tools/tool-input";
import { buildPosterArgs, posterTime } from "../tools/ffmpeg-poster";
import { ToolFailed } from "../tools/spawn";
import { MediaContentRefused, NOT_MEDIA_CONTENT } from "../tools/media-input";
import { UnsupportedMediaType } from "../errors";
import { isCached, thumbCachePath, writeCacheEntry } from "./thumb-cache";
import { POSTER_FAILURES_KEPT, POSTER_TIMEOUT_MS } from "../constants";
import type { Logger } from "../logger";

/** Posters being made now, by cache path, so concurrent requests wait for the same run. */
const pending = new Map<string, Promise<string | null>>();
/**
 * Cache paths (so path, size, mtime and width) that gave no poster: no video stream, or ffprobe or ffmpeg failed on
 * the file (false), or its content is text, which no tool reads (true). In insertion order, the oldest forgotten past
 * POSTER_FAILURES_KEPT. A run given up on after POSTER_TIMEOUT_MS is not kept: the machine may only have been busy.
 */
const failed = new Map<string, boolean>();

function rememberFailure(out: string, refused = false): void {
  failed.set(out, refused);
  if (failed.size > POSTER_FAILURES_KEPT) failed.delete(failed.keys().next().value!);
}

/** True when ffmpeg and ffprobe are installed (posters need both). */
export function canMakePosters(): boolean {
  return isToolAvailable("ffmpeg") && isToolAvailable("ffprobe");
}

/**
 * Grabs the poster of the user's video `file` (read through a descriptor opened beneath its scope) into the cache entry `out`; null when the file has no video stream or ffprobe or ffmpeg
 * fails on it (remembered, and told once as information), or on any other failure (a time-out, the cache not
 * writable: told as an error, not remembered).
 * @throws UnsupportedMediaType (415) when the content is text (remembered).
 */
async function makePoster(file: ScopedFile, width: number, out: string, log: Logger): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), "fbe-poster-"));
  // A poster is not worth a stuck request: a broken file is given up on after POSTER_TIMEOUT_MS.
  const signal = AbortSignal.timeout(POSTER_TIMEOUT_MS);
  try {
    const probe = await runProbe(file, signal);
    if (!probe.videoCodec) {
      rememberFailure(out);
      log.info(`no poster for ${file.abs}: it has no video stream`);
      return null;
    }
    const tmp = join(dir, "poster.jpg");
    const input = inheritedInput(probe.demuxer);
    const args = buildPosterArgs({ input, timeS: posterTime(probe.videoDurationS), width, videoStream: probe.videoStreamIndex, output: tmp });
    await runFfmpeg({ args, input: file, signal });
    await writeCacheEntry(out, await readFile(tmp));
    return out;
  } catch (err) {
    const line = `no poster for ${file.abs}: ${(err as Error).message.split("\n")[0]}`;
    if (err instanceof MediaContentRefused) {
      rememberFailure(out, true);
      log.info(line);
      throw new UnsupportedMediaType(err.message);
    }
    if (err instanceof ToolFailed) {
      rememberFailure(out);
      log.info(line);
    } else log.error(line);
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The path of the cached JPEG poster, at most `width` px wide, of the video at `abs`, made when missing.
 * Null when ffmpeg or ffprobe is missing, or this version of the file yields no frame (told through `log` the first
 * time; later calls answer null at once until the file changes), or making it failed (told as an error).
 * @throws UnsupportedMediaType (415) when the content is text (a playlist, a concat script), every time.
 */
export async function posterPath(cacheDir: string, file: ScopedFile, width: number, log: Logger): Promise<string | null> {
  if (!canMakePosters()) return null;
  const out = thumbCachePath(cacheDir, file.abs, await stat(file.abs), width, "jpg");
  const refused = failed.get(out);
  if (refused) throw new UnsupportedMediaType(NOT_MEDIA_CONTENT);
  if (refused === false) return null;
  if (await isCached(out)) return out;
  let run = pending.get(out);
  if (!run) {
    run = makePoster(file, width, out, log).finally(() => pending.delete(out));
    pending.set(out, run);
  }
  return run;
}
