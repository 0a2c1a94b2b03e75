/**
 * @module Subtitle codec classes by ffprobe name (`ffmpeg -codecs`): the server converts text ones to WebVTT, and
 * the player offers no track for picture ones.
 */

/** Subtitle codecs that are text (ffmpeg converts them to vtt, srt and ass). */
export const TEXT_SUBTITLE_CODECS: readonly string[] = [
  "mov_text",
  "subrip",
  "srt",
  "ass",
  "ssa",
  "webvtt",
  "text",
  "microdvd",
  "subviewer",
  "subviewer1",
  "jacosub",
  "sami",
  "realtext",
  "stl",
  "pjs",
  "mpl2",
  "vplayer",
];
/** Subtitle codecs that are pictures: they cannot become text without OCR. */
export const PICTURE_SUBTITLE_CODECS: readonly string[] = [
  "hdmv_pgs_subtitle",
  "dvd_subtitle",
  "dvb_subtitle",
  "xsub",
  "dvb_teletext",
];
