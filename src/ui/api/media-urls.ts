/**
 * @module Video media URLs (docs/product.md "Raw files and media URLs"; shapes fixed by MEDIA_QUERY in
 * src/shared/wire/video.ts): HLS playlists, sidecar and embedded subtitles as WebVTT, stills and the seek-thumbnail
 * track. Every URL carries a media token as `auth`.
 */
import { apiUrl } from "./client";
import { encodePath } from "../format/encode-path";
import { MEDIA_QUERY as Q, resValue, type HlsQuality } from "../../shared/wire/video";

const auth = (token: string) => `auth=${encodeURIComponent(token)}`;
const param = (name: string, value: string | number) => `${name}=${encodeURIComponent(String(value))}`;

/** The HLS media playlist of `path` at one quality: `/api/playlist{path}?auth&res=H-M`. */
export function playlistUrl(path: string, quality: HlsQuality, token: string): string {
  return apiUrl(`/api/playlist${encodePath(path)}?${auth(token)}&${param(Q.res, resValue(quality))}`);
}

/** The master playlist listing every offered quality of `path`: `/api/playlist{path}?auth&master=true`. */
export function masterPlaylistUrl(path: string, token: string): string {
  return apiUrl(`/api/playlist${encodePath(path)}?${auth(token)}&${Q.master}=true`);
}

/** A sidecar subtitle file served as WebVTT: `/api/raw{subtitle}?auth&subtitle=true&movie={video path}`. */
export function sidecarSubtitleUrl(subtitlePath: string, moviePath: string, token: string): string {
  return apiUrl(`/api/raw${encodePath(subtitlePath)}?${auth(token)}&${Q.subtitle}=true&${param(Q.movie, moviePath)}`);
}

/**
 * Embedded text stream `index` (0-based among the subtitle streams) of `moviePath` as WebVTT:
 * `/api/raw/vtt?auth&movie&si&lang&extract=true`; `lang` is the stream's language tag ("" when none).
 */
export function embeddedSubtitleUrl(moviePath: string, index: number, lang: string, token: string): string {
  const query = [
    auth(token),
    param(Q.movie, moviePath),
    param(Q.streamIndex, index),
    param(Q.lang, lang),
    `${Q.extract}=true`,
  ];
  return apiUrl(`/api/raw/vtt?${query.join("&")}`);
}

/**
 * A JPEG still of `path` at `seconds` (the poster time, 10 % of the duration, when not given), `width` px wide when
 * given: `/api/frame{path}?auth[&t][&w]`.
 */
export function frameUrl(path: string, token: string, seconds?: number, width?: number): string {
  const t = seconds === undefined ? "" : `&${param(Q.time, seconds)}`;
  const w = width === undefined ? "" : `&${param(Q.width, width)}`;
  return apiUrl(`/api/frame${encodePath(path)}?${auth(token)}${t}${w}`);
}

/** The WebVTT thumbnails track of `path` (cues point at sprite sheets): `/api/frame{path}?auth&thumbnails=vtt`. */
export function thumbnailsVttUrl(path: string, token: string): string {
  return apiUrl(`/api/frame${encodePath(path)}?${auth(token)}&${Q.thumbnails}=vtt`);
}
