/**
 * @module Stills of a video at a time (`/api/frame{path}?t=&w=`, the seek-bar preview and the player's poster): one
 * JPEG frame, input-side seek, scaled down to the asked width, cached per path, size, mtime, time and width. A time
 * at or past the end gives the last frame; no time gives the poster's (10 % of the duration, as the listing's).
 */
import { stat } from "node:fs/promises";
import { buildPosterArgs, posterTime } from "../tools/ffmpeg-poster";
import { inheritedInput } from "../tools/ffmpeg";
import type { ScopedFile } from "../tools/tool-input";
import { buildLastFrameArgs } from "../tools/ffmpeg-still";
import { cachedEntry, derivedCachePath } from "./media-cache";
import { probeVideo, runMediaFfmpeg } from "./media-tools";

/** `/api/frame?t=` past the last frame's start: seconds before the end decoded to find the last frame (several frames). */
const LAST_FRAME_TAIL_S = 1;

/** Frame rate assumed when ffprobe reports none (PAL video, the common default of test sources too). */
const FALLBACK_FPS = 25;
const FAILURE = "ffmpeg cannot read a frame of this video";

/**
 * The cache path of a still of the user's video `file` at `at` seconds (null: the poster time, 10 % of the video's
 * duration), at most `width` px wide, made when missing.
 * @throws as media-tools.ts probeVideo and runMediaFfmpeg (400 for a file without a picture or that ffmpeg cannot read).
 */
export async function framePath(cacheDir: string, file: ScopedFile, at: number | null, width: number): Promise<string> {
  const st = await stat(file.abs);
  // The probe is remembered per path, size and mtime: asking for the poster time costs one ffprobe per version.
  const timeS = at ?? posterTime((await probeVideo(file, st)).videoDurationS);
  const out = derivedCachePath(cacheDir, file.abs, st, `frame:${timeS.toFixed(3)}:${width}`, "jpg");
  return cachedEntry(out, "frame.jpg", async (tmp) => {
    const probe = await probeVideo(file, st);
    const frameS = 1 / (probe.frameRate || FALLBACK_FPS);
    const videoStream = probe.videoStreamIndex;
    const input = inheritedInput(probe.demuxer);
    const last = () =>
      runMediaFfmpeg(
        buildLastFrameArgs({ input, tailS: LAST_FRAME_TAIL_S, width, videoStream, output: tmp }),
        FAILURE,
        file,
      );
    // A seek past the last frame's start yields nothing: those times show the last frame.
    if (probe.videoDurationS > 0 && timeS > probe.videoDurationS - frameS) return last();
    await runMediaFfmpeg(buildPosterArgs({ input, timeS, width, videoStream, output: tmp }), FAILURE, file);
    if (
      !(await stat(tmp).then(
        (s) => s.size > 0,
        () => false,
      ))
    )
      await last();
  });
}
