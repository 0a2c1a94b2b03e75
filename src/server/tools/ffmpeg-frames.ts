/**
 * @module Pure ffmpeg argument builders that grab frames at chosen times (the contact sheet and single images of the
 * mkthumb task), part of the ffmpeg wrapper (ffmpeg.ts runs them). One ffmpeg run opens the video once per frame
 * with an input `-ss`, so only a keyframe interval is decoded per frame, never the whole file.
 */
import { buildCommonArgs, fileUrl, inputArgs, type MediaInput } from "./ffmpeg";

/** Image encoders: jpg through mjpeg at quality 3 (2 best, 31 worst; 3 keeps text readable at a third of png's size). */
const IMAGE_CODEC = { jpg: ["-c:v", "mjpeg", "-q:v", "3"], png: ["-c:v", "png"] } as const;
export type FrameImageFormat = keyof typeof IMAGE_CODEC;

/**
 * `count` times (seconds) spread evenly over `durationS`: the middle of each of `count` equal slices, so neither
 * the first black frame nor the end is taken. Kept two frames before the end, where a seek still finds a frame.
 */
export function frameTimes(durationS: number, count: number, frameRate: number): number[] {
  const last = Math.max(0, durationS - 2 / (frameRate > 0 ? frameRate : 25));
  return Array.from({ length: count }, (_, i) => Math.min(last, (durationS * (i + 0.5)) / count));
}

/**
 * Below this gap (seconds) between two frames, each seek decodes on to the exact time; from it on, the keyframe at or
 * before each time is taken as is (`-noaccurate_seek`), which is about 6x faster on a 20-minute 720p video (measured:
 * bench/contact-sheet.ts). Common encodes put a keyframe every 2 to 10 s (x264's default keyint 250 is 10 s at 25 fps),
 * so at 20 s apart every frame still comes from its own keyframe; short clips keep exact frames.
 */
export const KEYFRAME_SEEK_MIN_GAP_S = 20;

/** True when frames `durationS / count` seconds apart are grabbed at keyframes (see KEYFRAME_SEEK_MIN_GAP_S). */
export function useKeyframeSeek(durationS: number, count: number): boolean {
  return count > 0 && durationS / count >= KEYFRAME_SEEK_MIN_GAP_S;
}

/** Columns and rows of a sheet of `count` frames with at most `columns` per row. */
export function sheetLayout(count: number, columns: number): { columns: number; rows: number } {
  const cols = Math.max(1, Math.min(columns, count));
  return { columns: cols, rows: Math.ceil(count / cols) };
}

/**
 * Escapes a value for a filter option inside -filter_complex: first the option level (`\`, `'`, `:`), then the
 * graph level (`\`, `'`, `[`, `]`, `,`, `;`), as ffmpeg-filters "Notes on filtergraph escaping" describes.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return optionLevel.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** True for the line the showinfo filter logs per frame, so a caller can count frames done. */
export function isFrameShownLine(line: string): boolean {
  return /^\[Parsed_showinfo_\d+ @ [^\]]+\] n:\s*\d+/.test(line);
}

/** What both frame builders need. */
export interface FrameGrabOptions {
  input: MediaInput;
  /** Seconds into the video, one per frame (see frameTimes). */
  times: readonly number[];
  /** Width of each frame in px; 0 keeps the video's own size. The height follows the aspect ratio, kept even. */
  width: number;
  /** Seconds read after each seek point at most, so an input never decodes on past its one frame. */
  readSeconds: number;
  /** Take the keyframe at or before each time instead of decoding on to it (useKeyframeSeek). */
  keyframeSeek: boolean;
  /** Which video stream (index among video streams; a cover picture may come first), default 0. */
  videoStream?: number;
  format: FrameImageFormat;
  overwrite: boolean;
}

/** The time drawn in a corner of each frame of a sheet (timeLabelFilter). */
export interface FrameTimeLabel {
  fontFile: string;
  /** Px of the digits (timeLabelFontSize). */
  fontSize: number;
}

/** Font px of a frame's time label for frames `frameWidth` px wide: "00:12:34" takes about a fifth of the width. */
export function timeLabelFontSize(frameWidth: number): number {
  return Math.max(10, Math.min(48, Math.round(frameWidth / 24)));
}

/** From this time (s) on, `%H` of gmtime would wrap past 23 h, so the label shows ffmpeg's own hms (with ms). */
const DAY_S = 86_400;

/**
 * drawtext of the time of a frame grabbed with `-ss seek` (the seek value as given to ffmpeg), bottom right, white on
 * a translucent black box so it reads on any picture. The input's timestamps start at 0 at the seek point, and a
 * keyframe taken before it has a negative one, so the frame's own pts (`t`) plus the seek value is its real time in
 * the video (from the file's start time, as players count); printed as HH:MM:SS, rounded down like a player's clock.
 * It must come before the chain resets the pts. The offset gets 0.1 ms more, so a frame exactly on a second that
 * float arithmetic puts a hair below it is not shown one second early.
 */
export function timeLabelFilter(label: FrameTimeLabel, seek: string): string {
  const offset = (Number(seek) + 1e-4).toFixed(4);
  const clock = Number(seek) < DAY_S - 60 ? `%{pts:gmtime:${offset}:%H\\:%M\\:%S}` : `%{pts:hms:${offset}}`;
  const pad = Math.max(2, Math.round(label.fontSize / 4));
  return (
    `drawtext=fontfile=${escapeFilterValue(label.fontFile)}:text=${escapeFilterValue(clock)}:fontsize=${label.fontSize}` +
    `:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${pad}:x=w-tw-${2 * pad}:y=h-th-${2 * pad}`
  );
}

/** The header band of a sheet: drawn text from a file (no escaping of the user's text needed) in a font file. */
export interface SheetHeader {
  fontFile: string;
  /** A UTF-8 text file with the header lines. */
  textFile: string;
  /** Px of the band above the frames. */
  height: number;
  /** Px of the text. */
  fontSize: number;
}

/** A frame time as given to `-ss` (ms precision), also the offset of its time label. */
const seekValue = (t: number): string => t.toFixed(3);

/**
 * One input per frame: `-ss T -t S` and the input flags (inputArgs, `-i` last). ffmpeg: -ss before -i seeks in the
 * demuxer to the keyframe before T, so at most one keyframe interval is decoded per frame; `-noaccurate_seek` takes
 * that keyframe itself.
 */
function frameInputs(o: FrameGrabOptions): string[] {
  const seek = o.keyframeSeek ? ["-noaccurate_seek"] : [];
  return o.times.flatMap((t) => [...seek, "-ss", seekValue(t), "-t", String(o.readSeconds), ...inputArgs(o.input)]);
}

/**
 * The chain of input i: its first frame, scaled, its time label drawn when asked, its time reset to 0 (a keyframe
 * taken before the seek point has a negative time, which the output would drop), counted by showinfo, labelled [fi].
 */
function frameChain(i: number, o: FrameGrabOptions, label: FrameTimeLabel | null = null): string {
  const scale = o.width > 0 ? `scale=${o.width}:-2,` : "";
  const stamp = label ? `${timeLabelFilter(label, seekValue(o.times[i]))},` : "";
  return `[${i}:v:${o.videoStream ?? 0}]trim=end_frame=1,${scale}setsar=1,${stamp}setpts=PTS-STARTPTS,showinfo[f${i}]`;
}

/** Image muxer flags: one image written to a plain file name, whatever its extension. */
function imageOutput(format: FrameImageFormat, output: string): string[] {
  return [...IMAGE_CODEC[format], "-frames:v", "1", "-f", "image2", "-update", "1", fileUrl(output)];
}

/**
 * One ffmpeg run writing a contact sheet: the frames, each with its time label when `timeLabel` is given, tiled
 * `columns` per row (`tile` pads a short last row with black), then, with a header, a band on top holding the text of
 * `header.textFile`. Loglevel info so showinfo reports each frame.
 */
export function buildContactSheetArgs(
  o: FrameGrabOptions & {
    columns: number;
    output: string;
    header: SheetHeader | null;
    timeLabel: FrameTimeLabel | null;
  },
): string[] {
  const n = o.times.length;
  const { columns, rows } = sheetLayout(n, o.columns);
  const chains = o.times.map((_, i) => frameChain(i, o, o.timeLabel));
  const labels = o.times.map((_, i) => `[f${i}]`).join("");
  let sheet = `${labels}concat=n=${n}:v=1:a=0,tile=${columns}x${rows}:nb_frames=${n}`;
  if (o.header) {
    const h = o.header;
    sheet += `,pad=iw:ih+${h.height}:0:${h.height}:black`;
    sheet += `,drawtext=fontfile=${escapeFilterValue(h.fontFile)}:textfile=${escapeFilterValue(h.textFile)}`;
    sheet += `:expansion=none:fontsize=${h.fontSize}:fontcolor=white:line_spacing=${Math.round(h.fontSize / 3)}`;
    sheet += `:x=${Math.round(h.fontSize / 2)}:y=${Math.round(h.fontSize / 2)}`;
  }
  const graph = [...chains, `${sheet}[sheet]`].join(";");
  return [
    ...buildCommonArgs(o.overwrite, "info"),
    ...frameInputs(o),
    "-filter_complex",
    graph,
    "-map",
    "[sheet]",
    ...imageOutput(o.format, o.output),
  ];
}

/** One ffmpeg run writing each frame to its own image, `outputs[i]` for `times[i]`. */
export function buildSingleFramesArgs(o: FrameGrabOptions & { outputs: readonly string[] }): string[] {
  if (o.outputs.length !== o.times.length) throw new Error("one output per frame time is needed");
  const graph = o.times.map((_, i) => frameChain(i, o)).join(";");
  const outs = o.outputs.flatMap((out, i) => ["-map", `[f${i}]`, ...imageOutput(o.format, out)]);
  return [...buildCommonArgs(o.overwrite, "info"), ...frameInputs(o), "-filter_complex", graph, ...outs];
}
