/**
 * @module How a video starts (docs/product.md "Playable codecs": codec playability, transcoding-forced extensions;
 * "Global settings fields": video settings; "Slideshow and video defaults": quality list): which qualities the menu
 * offers, which one plays first, and the error or warning to show. Pure.
 */
import { clampQuality, offeredQualities, TRANSCODE_EXTENSIONS, VIDEO_QUALITIES } from "../../../../shared/wire/video";
import { isAudioCodecPlayable } from "../views/audio-tags";

/** Video codecs every browser plays (docs/product.md "Playable codecs"; av1 too in every current browser). */
const VIDEO_CODECS_ALWAYS = ["h264", "vp8", "vp9", "theora", "av1"] as const;
/** Video codecs only Edge, Safari and Chrome on iOS play (docs/product.md "Playable codecs"). */
const VIDEO_CODECS_HEVC = ["hevc", "h265"] as const;

/** Edge on the desktop, Android ("EdgA/") or iOS ("EdgiOS/"). */
const isEdge = (ua: string) => /\bEdg(e|A|iOS)?\//.test(ua);
/** Chrome on iOS (WebKit underneath). */
const isIosChrome = (ua: string) => /\bCriOS\//.test(ua);
/** Safari itself: every other browser on iOS and Android also says "Safari/". */
const isSafari = (ua: string) => /Safari\//.test(ua) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|Android/.test(ua);

/**
 * Whether a browser with `userAgent` plays the video codec `codec` as ffprobe names it (docs/product.md "Playable
 * codecs"): h264, vp8, vp9, theora and av1 always; hevc only on Edge, Safari or Chrome on iOS; no others (mpeg4, wmv3,
 * rv40...). An unknown codec ("") is given the benefit of the doubt.
 */
export function isVideoCodecPlayable(codec: string, userAgent: string): boolean {
  const c = codec.toLowerCase();
  if (c === "" || (VIDEO_CODECS_ALWAYS as readonly string[]).includes(c)) return true;
  if ((VIDEO_CODECS_HEVC as readonly string[]).includes(c))
    return isEdge(userAgent) || isSafari(userAgent) || isIosChrome(userAgent);
  return false;
}

/**
 * Whether HLS is left to the browser rather than hls.js: Safari and every iOS browser (WebKit) play it natively;
 * Chromium and Firefox need hls.js (over Media Source Extensions).
 */
export function usesNativeHls(userAgent: string): boolean {
  return isSafari(userAgent) || /\b(iPhone|iPad|iPod)\b/.test(userAgent);
}

/** What the plan reads from the probe (absent when the probe failed). */
export interface ProbedVideo {
  readonly VCodecName: string;
  readonly ACodecName: string;
  readonly VHeight: number;
}

/** The inputs of a plan: the probe, the file's extension (".avi"), the browser and the Video settings. */
export interface PlanInput {
  readonly probe: ProbedVideo | null;
  readonly extension: string;
  readonly userAgent: string;
  readonly disableHls: boolean;
  /** The `quality` setting: an index of VIDEO_QUALITIES (0 = normal). */
  readonly quality: number;
}

/** How the player starts. */
export interface PlaybackPlan {
  /** Indexes of VIDEO_QUALITIES the quality menu offers (0 = the original file); [0] alone hides the menu. */
  readonly offered: readonly number[];
  /** The quality to start with, one of `offered`. */
  readonly start: number;
  /** The browser cannot play the source and no transcoded quality is allowed: show NEEDS_TRANSCODING instead. */
  readonly needsTranscoding: boolean;
  /** The audio codec the browser cannot play (for the warning), or "". */
  readonly unplayableAudio: string;
}

/**
 * Plans playback (docs/product.md "Playable codecs", "Video player"): the qualities no taller than the source (normal
 * alone with `disableHls`), starting on the `quality` setting; a source the browser cannot play (video codec, audio
 * codec) or with a flagged extension (.rmvb, .avi, .flv, .wmv, .mpg) starts on a transcoded quality instead: the
 * setting when it is not normal, else the best offered one. With `disableHls`, an unplayable codec gives
 * `needsTranscoding`.
 */
export function planPlayback(input: PlanInput): PlaybackPlan {
  const { probe, userAgent } = input;
  const audioOk = isAudioCodecPlayable(probe?.ACodecName ?? "", userAgent);
  const codecsOk = isVideoCodecPlayable(probe?.VCodecName ?? "", userAgent) && audioOk;
  const unplayableAudio = audioOk ? "" : (probe?.ACodecName ?? "");
  const offered = input.disableHls ? [0] : offeredQualities(probe?.VHeight ?? 0);
  const transcoded = offered.filter((i) => VIDEO_QUALITIES[i] !== null);
  const flagged = TRANSCODE_EXTENSIONS.includes(input.extension.toLowerCase());
  const setting = clampQuality(input.quality, offered);
  // Nothing to transcode to (disableHls, or a source shorter than every quality): the original file or the error.
  if (transcoded.length === 0)
    return { offered, start: setting, needsTranscoding: !codecsOk && input.disableHls, unplayableAudio };
  const start = (codecsOk && !flagged) || setting !== 0 ? setting : transcoded[0];
  return { offered, start, needsTranscoding: false, unplayableAudio };
}

/** The menu label of quality `index`: `original` for 0 (the file itself, "Original" translated), else "1080p 60 Mbps". */
export function qualityLabel(index: number, original: string): string {
  const q = VIDEO_QUALITIES[index];
  return q ? `${q.height}p ${q.mbps} Mbps` : original;
}
