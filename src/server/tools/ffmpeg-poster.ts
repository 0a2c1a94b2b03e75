/**
 * @module Pure ffmpeg argument builder of a video poster (the listing and mosaic thumbnail of a video), part of the
 * ffmpeg wrapper (ffmpeg.ts runs it).
 */
import { buildCommonArgs, fileUrl, inputArgs, type MediaInput } from "./ffmpeg";

/** What buildPosterArgs needs. */
export interface PosterOptions {
  input: MediaInput;
  /** Seconds into the video (posterTime). */
  timeS: number;
  /** Largest width in px; a narrower video keeps its own width. The height follows the aspect ratio, kept even. */
  width: number;
  /** Which video stream (index among video streams; a cover picture may come first). */
  videoStream: number;
  output: string;
}

/** The poster frame's time: 10 % of the duration, past black intros. */
export function posterTime(durationS: number): number {
  return durationS > 0 ? durationS / 10 : 0;
}

/**
 * One ffmpeg run writing a single JPEG poster frame: input seek to the time (ffmpeg: -ss before -i seeks in the
 * demuxer, so only one keyframe interval is decoded), the first frame there scaled down to at most `width`, JPEG at
 * mjpeg quality 4 (small, no visible blocks at thumbnail size). Overwrites `output`, a temp name the caller renames
 * into the cache.
 */
export function buildPosterArgs(o: PosterOptions): string[] {
  return [
    ...buildCommonArgs(true),
    "-ss",
    o.timeS.toFixed(3),
    ...inputArgs(o.input),
    "-map",
    `0:v:${o.videoStream}`,
    "-vf",
    `scale='min(${o.width},iw)':-2,setsar=1`,
    "-c:v",
    "mjpeg",
    "-q:v",
    "4",
    "-frames:v",
    "1",
    "-f",
    "image2",
    "-update",
    "1",
    fileUrl(o.output),
  ];
}
