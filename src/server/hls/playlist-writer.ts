/**
 * @module Pure HLS playlist text (RFC 8216): the media playlist of one quality (fixed-length segments over the
 * whole duration, VOD) and the master playlist listing the offered qualities; plus the segment arithmetic and the
 * output size of a quality.
 */
import { HLS_AUDIO_BITRATE } from "../constants";

/** The number of segments of a `durationS`-long video cut every `segmentS` seconds (the last one shorter); at least 1. */
export function segmentCount(durationS: number, segmentS: number): number {
  // A float duration such as 12.000001 must not add an empty 0.000001 s segment.
  return Math.max(1, Math.ceil(Math.round((durationS / segmentS) * 1000) / 1000));
}

/** Length in seconds of each segment: `segmentS` for all but the last, which holds the rest. */
export function segmentDurations(durationS: number, segmentS: number): number[] {
  const n = segmentCount(durationS, segmentS);
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? segmentS : Math.max(0.001, durationS - segmentS * (n - 1))));
}

/** What buildMediaPlaylist needs. */
export interface MediaPlaylistOptions {
  durationS: number;
  segmentS: number;
  /** The URI of segment `n` (0-based), relative to the playlist's URL or absolute. */
  segmentUri: (n: number) => string;
}

/**
 * The media playlist of one quality: version 3 (decimal EXTINF), VOD, every segment listed, ENDLIST. The target
 * duration is the longest segment rounded up (RFC 8216 section 4.3.3.1).
 */
export function buildMediaPlaylist(o: MediaPlaylistOptions): string {
  const durations = segmentDurations(o.durationS, o.segmentS);
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...durations))}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    // Every segment starts on a keyframe (forced at segment boundaries), so each can be decoded alone.
    "#EXT-X-INDEPENDENT-SEGMENTS",
    ...durations.flatMap((d, n) => [`#EXTINF:${d.toFixed(3)},`, o.segmentUri(n)]),
    "#EXT-X-ENDLIST",
  ];
  return lines.join("\n") + "\n";
}

/** One variant of the master playlist. */
export interface PlaylistVariant {
  width: number;
  height: number;
  /** Video bit rate, Mbit/s. */
  mbps: number;
  uri: string;
}

/** RFC 6381 codecs of every variant: H.264 High profile level 4.0 and AAC-LC. */
export const HLS_CODECS = "avc1.640028,mp4a.40.2";

/**
 * The master playlist: one EXT-X-STREAM-INF per variant, BANDWIDTH being the peak (video maxrate plus the audio),
 * listed in the order given (players pick the first to start with).
 */
export function buildMasterPlaylist(variants: readonly PlaylistVariant[]): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const v of variants) {
    const bandwidth = Math.round(v.mbps * 1_000_000 + HLS_AUDIO_BITRATE);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${HLS_CODECS}"`,
      v.uri,
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * The output size of a source `srcWidth`x`srcHeight` at quality `height`: that height (never taller than the
 * source) and the width keeping the aspect ratio, rounded to an even number (H.264 4:2:0 needs even sizes; the
 * same rounding as ffmpeg's `scale=-2:H`).
 */
export function outputSize(srcWidth: number, srcHeight: number, height: number): { width: number; height: number } {
  const h = Math.min(height, srcHeight);
  if (!(srcWidth > 0 && srcHeight > 0)) return { width: 0, height: h };
  return { width: Math.max(2, Math.round((srcWidth * h) / srcHeight / 2) * 2), height: h };
}
