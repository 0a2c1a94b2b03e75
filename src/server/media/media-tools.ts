/**
 * @module How the WebVTT and frame URLs run the media tools: the ffprobe summary of a file (probe-cache.ts: a
 * seek-thumbnails track and its sprite sheets probe once), one ffmpeg run with a time limit, and the refusals these
 * URLs share (ffmpeg missing, not a video, a file ffmpeg cannot read).
 */
import type { Stats } from "node:fs";
import type { ProbeResult } from "../tools/ffprobe";
import { runFfmpeg } from "../tools/ffmpeg";
import type { ScopedFile, ToolFile } from "../tools/tool-input";
import { ToolAborted } from "../tools/run-tool";
import { ToolFailed } from "../tools/spawn";
import { isToolAvailable } from "../tools/available";
import { MediaContentRefused } from "../tools/media-input";
import { BadRequest, ServiceUnavailable, UnsupportedMediaType } from "../errors";
import { limiter } from "../limiter";
import { probeFile } from "./probe-cache";

/** Subtitles as WebVTT and video frames: one ffmpeg run is given up on after this many ms (probes: probe-cache.ts). */
const MEDIA_TOOL_TIMEOUT_MS = 60_000;
/** ffmpeg runs of the WebVTT and frame URLs at the same time (stills, sprites, subtitles); more wait (2-core machines). */
const MEDIA_FFMPEG_CONCURRENCY = 2;

/**
 * The ffmpeg runs of these URLs, at most MEDIA_FFMPEG_CONCURRENCY at once: a seek bar asks for many stills at once,
 * and the others wait their turn in order.
 */
const ffmpegSlots = limiter(MEDIA_FFMPEG_CONCURRENCY);

/**
 * Refuses these URLs when the media tools are missing.
 * @throws ServiceUnavailable (503) when ffmpeg or ffprobe is not installed.
 */
export function requireMediaTools(): void {
  for (const tool of ["ffmpeg", "ffprobe"])
    if (!isToolAvailable(tool)) throw new ServiceUnavailable(`${tool} is not installed on the server`);
}

/**
 * The probe of the user's media file `file` whose stats are `st` (ffprobe reads it through a descriptor opened beneath
 * its scope, tool-input.ts); the one probe of that file version (probe-cache.ts probeFile).
 * @throws ServiceUnavailable (503) without ffmpeg/ffprobe; UnsupportedMediaType (415) when its content is text (a
 * playlist, a concat script); BadRequest (400) when ffprobe cannot read the file with a container demuxer or in time.
 */
export async function probeMedia(file: ScopedFile, st: Stats): Promise<ProbeResult> {
  requireMediaTools();
  return probeFile(file, st).catch((err) => {
    throw probeRefusal(err);
  });
}

/**
 * The HTTP error of a failed probe: 415 for text content, 400 for a file ffprobe cannot read (never its stderr,
 * which names server paths); other errors unchanged.
 */
export function probeRefusal(err: unknown): unknown {
  if (err instanceof MediaContentRefused) return new UnsupportedMediaType(err.message);
  if (err instanceof ToolFailed) return new BadRequest("ffprobe cannot read this file");
  return err;
}

/**
 * The probe of a file that must have a picture.
 * @throws as probeMedia; BadRequest (400) when the file has no video stream.
 */
export async function probeVideo(file: ScopedFile, st: Stats): Promise<ProbeResult> {
  const probe = await probeMedia(file, st);
  if (!probe.videoCodec) throw new BadRequest("the file has no video stream");
  return probe;
}

/**
 * Runs ffmpeg with `args` for a cache entry, `input` being the file they name as ffmpeg.ts inheritedInput (absent when
 * they name only files of the server's own), at most MEDIA_FFMPEG_CONCURRENCY at a time, each given up on after
 * MEDIA_TOOL_TIMEOUT_MS (not tied to one request: others may wait for the same entry).
 * @throws BadRequest (400) with `failure` when ffmpeg fails on the file; ServiceUnavailable (503) when it runs too long.
 */
export async function runMediaFfmpeg(args: readonly string[], failure: string, input?: ToolFile): Promise<void> {
  try {
    // The time limit starts with the run itself, not while it waits for a slot.
    await ffmpegSlots(() => runFfmpeg({ args, input, signal: AbortSignal.timeout(MEDIA_TOOL_TIMEOUT_MS) }));
  } catch (err) {
    if (err instanceof ToolFailed) throw new BadRequest(failure);
    if (err instanceof ToolAborted)
      throw new ServiceUnavailable(`ffmpeg took longer than ${MEDIA_TOOL_TIMEOUT_MS / 1000} s`);
    throw err;
  }
}
