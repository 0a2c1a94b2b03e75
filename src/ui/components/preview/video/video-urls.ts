/**
 * @module Every URL the video player fetches, built in one place: the player takes a VideoUrls and builds none itself,
 * so a player fed from elsewhere (a share link) passes its own. Pure.
 */
import type { HlsQuality } from "../../../../shared/wire/video";
import { inlineUrl } from "../../../api/urls";
import {
  embeddedSubtitleUrl,
  frameUrl,
  playlistUrl,
  sidecarSubtitleUrl,
  thumbnailsVttUrl,
} from "../../../api/media-urls";

/** The poster's width asked of the server, px (a narrower video keeps its own width). */
const POSTER_WIDTH = 1280;

/** The URLs of one video: the file, its HLS playlists, poster, seek thumbnails and subtitle tracks. */
export interface VideoUrls {
  /** The file itself, played directly (the "Original" quality). */
  readonly original: string;
  /** The HLS media playlist of quality `q`. */
  readonly playlist: (q: HlsQuality) => string;
  /** The still shown before playback starts (the server's poster time, 10 % of the duration). */
  readonly poster: string;
  /** The WebVTT seek-thumbnails track. */
  readonly thumbnails: string;
  /** The sidecar subtitle file at resource path `subtitlePath`, as WebVTT. */
  readonly sidecarSubtitle: (subtitlePath: string) => string;
  /** Embedded text stream `index` (0-based among the subtitle streams) with language tag `lang`, as WebVTT. */
  readonly embeddedSubtitle: (index: number, lang: string) => string;
}

/** The URLs of the logged-in user's video at resource path `path`, each carrying the media token `token`. */
export function videoUrls(path: string, token: string): VideoUrls {
  return {
    original: inlineUrl(path, token),
    playlist: (q) => playlistUrl(path, q, token),
    poster: frameUrl(path, token, undefined, POSTER_WIDTH),
    thumbnails: thumbnailsVttUrl(path, token),
    sidecarSubtitle: (subtitlePath) => sidecarSubtitleUrl(subtitlePath, path, token),
    embeddedSubtitle: (index, lang) => embeddedSubtitleUrl(path, index, lang, token),
  };
}
