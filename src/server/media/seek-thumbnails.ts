/**
 * @module Seek thumbnails of a video (`/api/frame{path}?thumbnails=vtt` and `&sprite=N`): tiles evenly spaced
 * over the whole duration (at most SEEK_THUMBNAILS_MAX_TILES, one every SEEK_THUMBNAILS_MIN_INTERVAL_S or more),
 * laid out in sprite sheets of SPRITE_TILES_PER_SHEET, and the WebVTT thumbnails track whose cues point at them with
 * media fragments (`#xywh=x,y,w,h`, the form players such as Vidstack and Video.js read).
 */
import { stat } from "node:fs/promises";
import { buildSpriteArgs } from "../tools/ffmpeg-still";
import { inheritedInput } from "../tools/ffmpeg";
import type { ScopedFile } from "../tools/tool-input";
import { cachedEntry, derivedCachePath } from "./media-cache";
import { probeVideo, runMediaFfmpeg } from "./media-tools";
import { NotFound } from "../errors";

/** Seek thumbnails (`/api/frame?thumbnails=vtt`): at most this many tiles over the whole video, one every SECONDS at least. */
const SEEK_THUMBNAILS_MAX_TILES = 100;
const SEEK_THUMBNAILS_MIN_INTERVAL_S = 2;
/** Seek thumbnails: width of one tile in px (height by the aspect ratio), and tiles per row and per sprite sheet. */
const SPRITE_TILE_WIDTH = 160;
const SPRITE_COLUMNS = 5;
const SPRITE_TILES_PER_SHEET = 25;

/** Where the tiles of a video are. Times in seconds, sizes in px. */
export interface ThumbnailPlan {
  durationS: number;
  intervalS: number;
  /** Tiles in all. */
  count: number;
  tileWidth: number;
  tileHeight: number;
}

/** One sprite sheet: its first tile's time, its tiles and its grid. */
export interface SheetPlan {
  startS: number;
  tiles: number;
  columns: number;
  rows: number;
}

/** The tiles of a video of `durationS` seconds whose pictures are `width` x `height` px (0 when unknown). */
export function thumbnailPlan(durationS: number, width: number, height: number): ThumbnailPlan {
  const intervalS = Math.max(SEEK_THUMBNAILS_MIN_INTERVAL_S, Math.ceil(durationS / SEEK_THUMBNAILS_MAX_TILES));
  const count = Math.max(1, Math.ceil(durationS / intervalS));
  const tileWidth = Math.min(SPRITE_TILE_WIDTH, width || SPRITE_TILE_WIDTH) & ~1;
  // 16:9 when the size is unknown; even numbers (what yuv420 JPEG encoding wants).
  const tileHeight = Math.max(
    2,
    2 * Math.round((width && height ? (tileWidth * height) / width : (tileWidth * 9) / 16) / 2),
  );
  return { durationS, intervalS, count, tileWidth, tileHeight };
}

/** Number of sprite sheets of a plan. */
export const sheetCount = (p: ThumbnailPlan): number => Math.ceil(p.count / SPRITE_TILES_PER_SHEET);

/** Sheet `n` (0-based) of a plan, null past the last one. */
export function sheetOf(p: ThumbnailPlan, n: number): SheetPlan | null {
  if (!Number.isInteger(n) || n < 0 || n >= sheetCount(p)) return null;
  const first = n * SPRITE_TILES_PER_SHEET;
  const tiles = Math.min(SPRITE_TILES_PER_SHEET, p.count - first);
  const columns = Math.min(SPRITE_COLUMNS, tiles);
  return { startS: first * p.intervalS, tiles, columns, rows: Math.ceil(tiles / columns) };
}

/** "HH:MM:SS.mmm" of a WebVTT cue time (W3C WebVTT section 4.2 timestamps). */
export function vttTime(s: number): string {
  const ms = Math.round(s * 1000);
  const p = (v: number, w = 2) => String(v).padStart(w, "0");
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
}

/** The WebVTT thumbnails track of a plan: one cue per tile, its text `sheetUrl(n)#xywh=x,y,w,h`. */
export function thumbnailsVtt(p: ThumbnailPlan, sheetUrl: (n: number) => string): string {
  const cues: string[] = [];
  for (let i = 0; i < p.count; i++) {
    const n = Math.floor(i / SPRITE_TILES_PER_SHEET);
    const k = i % SPRITE_TILES_PER_SHEET;
    const columns = sheetOf(p, n)!.columns;
    const x = (k % columns) * p.tileWidth;
    const y = Math.floor(k / columns) * p.tileHeight;
    const end = Math.min((i + 1) * p.intervalS, p.durationS) || (i + 1) * p.intervalS;
    cues.push(
      `${vttTime(i * p.intervalS)} --> ${vttTime(end)}\n${sheetUrl(n)}#xywh=${x},${y},${p.tileWidth},${p.tileHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/** The seek-thumbnail plan of the user's video `file` (probed once per file version). */
export async function planOf(file: ScopedFile): Promise<ThumbnailPlan> {
  const probe = await probeVideo(file, await stat(file.abs));
  return thumbnailPlan(probe.videoDurationS, probe.width, probe.height);
}

/**
 * The cache path of sprite sheet `n` of the user's video `file`, made by one ffmpeg run when missing.
 * @throws NotFound (404) past the last sheet; as probeVideo and runMediaFfmpeg.
 */
export async function spritePath(cacheDir: string, file: ScopedFile, n: number): Promise<string> {
  const st = await stat(file.abs);
  const out = derivedCachePath(cacheDir, file.abs, st, `sprite:${n}`, "jpg");
  return cachedEntry(out, "sprite.jpg", async (tmp) => {
    const probe = await probeVideo(file, st);
    const plan = thumbnailPlan(probe.videoDurationS, probe.width, probe.height);
    const sheet = sheetOf(plan, n);
    if (!sheet) throw new NotFound(`the video has ${sheetCount(plan)} sprite sheets`);
    await runMediaFfmpeg(
      buildSpriteArgs({
        input: inheritedInput(probe.demuxer),
        startS: sheet.startS,
        intervalS: plan.intervalS,
        tiles: sheet.tiles,
        columns: sheet.columns,
        tileWidth: plan.tileWidth,
        tileHeight: plan.tileHeight,
        videoStream: probe.videoStreamIndex,
        output: tmp,
      }),
      "ffmpeg cannot read the frames of this video",
      file,
    );
  });
}
