/**
 * @module Where HLS segments live in the cache dir (docs/interfaces.md "Server flags": "HLS segments"):
 * `<cacheDir>/hls/<sha1 of path, size and mtime>/<res>/seg-N.ts`, so a changed file gets new segments. Encoders
 * write into a private work folder beside them and segments are renamed in when complete (atomic).
 */
import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { join } from "node:path";

/** The folder of HLS segments inside the cache dir. */
export const HLS_CACHE_DIR = "hls";
/** File name of segment `n`; the encoders' segment muxer writes the same names (ffmpeg pattern `seg-%d.ts`). */
export const segmentFileName = (n: number): string => `seg-${n}.ts`;
/** The ffmpeg output pattern of segment file names (segment muxer, `-segment_start_number`). */
export const SEGMENT_PATTERN = "seg-%d.ts";

/** The segment number named by a file name `seg-N.ts`, or null for any other name. */
export function segmentNumberOf(name: string): number | null {
  const m = /^seg-(\d+)\.ts$/.exec(name.trim());
  return m ? Number(m[1]) : null;
}

/** The cache key of a source: sha1 of its absolute path, size and mtime (hex). */
export function sourceKey(abs: string, st: Pick<Stats, "size" | "mtimeMs">): string {
  return createHash("sha1").update(`${abs}\0${st.size}\0${st.mtimeMs}`).digest("hex");
}

/** The folder holding the segments of source `key` at quality `res` ("720-2"). */
export function qualityDir(cacheDir: string, key: string, res: string): string {
  return join(cacheDir, HLS_CACHE_DIR, key, res);
}

/** The cached file of segment `n` in `dir` (a qualityDir). */
export function segmentPath(dir: string, n: number): string {
  return join(dir, segmentFileName(n));
}

/** A fresh work folder name inside a quality folder for one encoder run (dot-named: never taken for a segment). */
export function workDirName(id: number): string {
  return `.work-${process.pid}-${id}`;
}
