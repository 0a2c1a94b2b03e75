/**
 * @module Video streaming shapes shared by the server and the UI (docs/product.md "Raw files and media URLs",
 * "Slideshow and video defaults"): the quality list, the `res` value of `/api/playlist{path}?res={height}-{mbps}`, the
 * HLS segment length, and the query names of the media URLs (subtitles, embedded tracks, frames). Pure.
 */

/** One HLS quality: output height in pixels and video bit rate in Mbit/s. */
export interface HlsQuality {
  readonly height: number;
  readonly mbps: number;
}

/**
 * docs/product.md "Slideshow and video defaults", the video quality list: index 0 is "normal" (the original file played
 * directly, null here), then the 18 HLS qualities numbered 1 to 18 (the `quality` setting is this index, default 0).
 */
export const VIDEO_QUALITIES: readonly (HlsQuality | null)[] = [
  null,
  ...[60, 50, 40, 30, 25, 20, 15, 10, 8, 6, 5, 4].map((mbps) => ({ height: 1080, mbps })),
  ...[4, 3, 2, 1.5, 1].map((mbps) => ({ height: 720, mbps })),
  { height: 480, mbps: 1 },
];

/** Seconds of each HLS segment (all but the last), keyframe-aligned so segments play back to back. */
export const HLS_SEGMENT_SECONDS = 4;

/** The `res` query value of a quality: "720-2", "720-1.5". */
export function resValue(q: HlsQuality): string {
  return `${q.height}-${q.mbps}`;
}

/** Parses a `res` query value; null unless it names one of VIDEO_QUALITIES. */
export function parseRes(value: string | null | undefined): HlsQuality | null {
  const m = /^(\d+)-(\d+(?:\.\d+)?)$/.exec(value ?? "");
  if (!m) return null;
  const height = Number(m[1]);
  const mbps = Number(m[2]);
  return VIDEO_QUALITIES.find((q) => q !== null && q.height === height && q.mbps === mbps) ?? null;
}

/**
 * The indexes of VIDEO_QUALITIES offered for a source `sourceHeight` px tall: normal, and no quality taller than it.
 * A source shorter than every quality (under 480 px) still gets the smallest one, encoded at its own height
 * (see encodedHeight), so any video can be transcoded. An unknown height (0) gets normal only.
 */
export function offeredQualities(sourceHeight: number): number[] {
  const fitting = VIDEO_QUALITIES.flatMap((q, i) => (q === null || q.height <= sourceHeight ? [i] : []));
  if (fitting.length > 1 || !(sourceHeight > 0)) return fitting;
  return [0, VIDEO_QUALITIES.length - 1];
}

/**
 * Quality `index` (of VIDEO_QUALITIES) clamped to `offered` (indexes in ascending order): itself when offered, else
 * the next offered one below it in the list (a lower height or bit rate), else the lowest offered one; 0 when none.
 */
export function clampQuality(index: number, offered: readonly number[]): number {
  if (offered.includes(index)) return index;
  return offered.find((i) => i > index) ?? offered[offered.length - 1] ?? 0;
}

/** The height a quality is encoded at for a source `sourceHeight` px tall: never upscaled, and even (H.264 4:2:0). */
export function encodedHeight(q: HlsQuality, sourceHeight: number): number {
  const h = sourceHeight > 0 ? Math.min(q.height, sourceHeight) : q.height;
  return Math.max(2, h - (h % 2));
}

/**
 * Query names of the media URLs (docs/product.md "Raw files and media URLs"), all carrying `auth` (a media token):
 * - media playlist: `/api/playlist{path}?auth&res=H-M`; its segments: same URL plus `&seg=N` (0-based);
 * - master playlist listing every offered quality: `/api/playlist{path}?auth&master=true`;
 * - sidecar subtitle as WebVTT: `/api/raw{subtitle path}?auth&subtitle=true&movie={video path}`;
 * - embedded text stream N (0-based among subtitle streams) as WebVTT: `/api/raw/vtt?auth&movie={path}&si=N&lang=&extract=true`;
 * - a still: `/api/frame{path}?auth[&t={seconds}][&w={px}]` (JPEG; without `t`, at 10 % of the duration: the poster);
 * - seek thumbnails: `/api/frame{path}?auth&thumbnails=vtt` (a WebVTT thumbnails track whose cues point at sprite
 *   sheets `/api/frame{path}?auth&sprite=N` with `#xywh=`).
 */
export const MEDIA_QUERY = {
  res: "res",
  seg: "seg",
  master: "master",
  subtitle: "subtitle",
  movie: "movie",
  streamIndex: "si",
  lang: "lang",
  extract: "extract",
  time: "t",
  width: "w",
  thumbnails: "thumbnails",
  sprite: "sprite",
} as const;

/** docs/product.md "Playback messages": the message when the browser cannot play the source and transcoding is off. */
export const NEEDS_TRANSCODING = "playback of this video need video transcoding enabled";

/** docs/product.md "Playable codecs": extensions that default to a transcoded quality. */
export const TRANSCODE_EXTENSIONS: readonly string[] = [".rmvb", ".avi", ".flv", ".wmv", ".mpg"];
