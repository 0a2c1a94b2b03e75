/**
 * @module Pure ffmpeg argument builders of the seek-bar pictures (`/api/frame`): the last frame of a video
 * (for a time at or past its end) and a sprite sheet of evenly spaced tiles. A still at a time is the poster builder
 * (ffmpeg-poster.ts); ffmpeg.ts runs them all.
 */
import { buildCommonArgs, fileUrl, inputArgs, type MediaInput } from "./ffmpeg";

/** JPEG quality of stills and sprites (mjpeg -q:v, 2 best to 31 worst; 4 shows no blocks at preview size). */
const JPEG_QUALITY = "4";

/** What buildLastFrameArgs needs. */
export interface LastFrameOptions {
  input: MediaInput;
  /** Seconds before the end the demuxer seeks to (`-sseof`); every frame from there on is decoded. */
  tailS: number;
  /** Largest width in px; a narrower video keeps its own width. */
  width: number;
  videoStream: number;
  output: string;
}

/** The shared scale: at most `width` px wide (never upscaled), height by the aspect ratio kept even, square pixels. */
export const scaleDownFilter = (width: number): string => `scale='min(${width},iw)':-2,setsar=1`;

/**
 * One ffmpeg run writing the last frame of the video: seek to `tailS` before the end, decode to the end, and keep
 * overwriting one JPEG (`-update 1`), so the frame left is the last one. Overwrites `output` (a temp name).
 */
export function buildLastFrameArgs(o: LastFrameOptions): string[] {
  return [
    ...buildCommonArgs(true),
    "-sseof",
    `-${o.tailS.toFixed(3)}`,
    ...inputArgs(o.input),
    "-map",
    `0:v:${o.videoStream}`,
    "-vf",
    scaleDownFilter(o.width),
    "-c:v",
    "mjpeg",
    "-q:v",
    JPEG_QUALITY,
    "-f",
    "image2",
    "-update",
    "1",
    fileUrl(o.output),
  ];
}

/** What buildSpriteArgs needs. */
export interface SpriteOptions {
  input: MediaInput;
  /** Seconds of the first tile (the input seek). */
  startS: number;
  /** Seconds between tiles. */
  intervalS: number;
  /** Tiles in this sheet; they fill `columns` per row, row by row. */
  tiles: number;
  columns: number;
  /** Size of one tile in px. */
  tileWidth: number;
  tileHeight: number;
  videoStream: number;
  output: string;
}

/**
 * One ffmpeg run writing a sprite sheet: input seek to the first tile, `tiles * intervalS` seconds read, one frame
 * every `intervalS` (fps filter), each scaled to exactly the tile size, laid out by the tile filter into a
 * `columns` x ceil(tiles / columns) grid (a short input leaves the last tiles black). Overwrites `output`.
 */
export function buildSpriteArgs(o: SpriteOptions): string[] {
  const rows = Math.ceil(o.tiles / o.columns);
  const filter = `fps=1/${o.intervalS},scale=${o.tileWidth}:${o.tileHeight},setsar=1,tile=${o.columns}x${rows}`;
  return [
    ...buildCommonArgs(true),
    "-ss",
    o.startS.toFixed(3),
    "-t",
    (o.tiles * o.intervalS).toFixed(3),
    ...inputArgs(o.input),
    "-map",
    `0:v:${o.videoStream}`,
    "-vf",
    filter,
    "-c:v",
    "mjpeg",
    "-q:v",
    JPEG_QUALITY,
    "-frames:v",
    "1",
    "-f",
    "image2",
    "-update",
    "1",
    fileUrl(o.output),
  ];
}
