/**
 * @module Video posters (listing and mosaic thumbnails of videos): the frame at 10 % of the duration, grabbed with
 * ffmpeg, scaled to the asked width, cached as JPEG under the thumbnail cache (media/thumb-cache.ts) with the same
 * key as image thumbnails (path, size, mtime, width). Requests for the same poster share one ffmpeg run, and a
 * version of a file that yields no poster is remembered, so a broken video in a listing is probed once, not on
 * every view.
 */
import type { Stats } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isToolAvailable } from "../tools/available";
import { inheritedInput, runFfmpeg } from "../tools/ffmpeg";
import type { ScopedFile } from "../tools/tool-input";
import { buildPosterArgs, posterTime } from "../tools/ffmpeg-poster";
import { ToolFailed } from "../tools/spawn";
import { MediaContentRefused, NOT_MEDIA_CONTENT } from "../tools/media-input";
import { UnsupportedMediaType } from "../errors";
import { isCached, thumbCachePath, writeCacheEntry } from "./thumb-cache";
import { probeFile, ProbeTimedOut } from "./probe-cache";
import { BoundedCache } from "../bounded-cache";
import type { Logger } from "../logger";

/** Video posters: a probe plus one frame grab is given up on after this many ms (a broken or remote-mounted file). */
const POSTER_TIMEOUT_MS = 30_000;
/** Video posters: how many file versions that gave no poster are remembered (a cache path each, about 200 bytes). */
const POSTER_FAILURES_KEPT = 4096;

/** Posters being made now, by cache path, so concurrent requests wait for the same run. */
const pending = new Map<string, Promise<string | null>>();
/**
 * Cache paths (so path, size, mtime and width) that gave no poster: no video stream, or ffprobe or ffmpeg failed on
 * the file (false), or its content is text, which no tool reads (true). The least recently used are forgotten past
 * POSTER_FAILURES_KEPT. A run given up on after POSTER_TIMEOUT_MS (or a probe after PROBE_TIMEOUT_MS) is not kept:
 * the machine may only have been busy.
 */
const failed = new BoundedCache<string, boolean>(POSTER_FAILURES_KEPT);

function rememberFailure(out: string, refused = false): void {
  failed.set(out, refused);
}

/** True when ffmpeg and ffprobe are installed (posters need both). */
export function canMakePosters(): boolean {
  return isToolAvailable("ffmpeg") && isToolAvailable("ffprobe");
}

/**
 * Grabs the poster of the user's video `file` whose stats are `st` (read through a descriptor opened beneath its
 * scope; its probe is the one of probe-cache.ts) into the cache entry `out`; null when the file has no video stream
 * or ffprobe or ffmpeg fails on it (remembered, and told once as information), or on any other failure (a time-out,
 * the cache not writable: told as an error, not remembered).
 * @throws UnsupportedMediaType (415) when the content is text (remembered).
 */
async function makePoster(
  file: ScopedFile,
  st: Stats,
  width: number,
  out: string,
  log: Logger,
): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), "fbe-poster-"));
  // A poster is not worth a stuck request: a broken file is given up on after POSTER_TIMEOUT_MS.
  const signal = AbortSignal.timeout(POSTER_TIMEOUT_MS);
  try {
    const probe = await probeFile(file, st, signal);
    if (!probe.videoCodec) {
      rememberFailure(out);
      log.info(`no poster for ${file.abs}: it has no video stream`);
      return null;
    }
    const tmp = join(dir, "poster.jpg");
    const input = inheritedInput(probe.demuxer);
    const args = buildPosterArgs({
      input,
      timeS: posterTime(probe.videoDurationS),
      width,
      videoStream: probe.videoStreamIndex,
      output: tmp,
    });
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
    if (err instanceof ToolFailed && !(err instanceof ProbeTimedOut)) {
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
export async function posterPath(
  cacheDir: string,
  file: ScopedFile,
  width: number,
  log: Logger,
): Promise<string | null> {
  if (!canMakePosters()) return null;
  const st = await stat(file.abs);
  const out = thumbCachePath(cacheDir, file.abs, st, width, "jpg");
  const refused = failed.get(out);
  if (refused) throw new UnsupportedMediaType(NOT_MEDIA_CONTENT);
  if (refused === false) return null;
  if (await isCached(out)) return out;
  let run = pending.get(out);
  if (!run) {
    run = makePoster(file, st, width, out, log).finally(() => pending.delete(out));
    pending.set(out, run);
  }
  return run;
}
