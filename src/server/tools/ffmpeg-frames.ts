/**
 * @module Pure ffmpeg argument builders that grab frames at chosen times (the contact sheet and single images of the
 * mkthumb task), part of the ffmpeg wrapper (ffmpeg.ts runs them). One ffmpeg run opens the video once per frame
 * with an input `-ss`, so only a keyframe interval is decoded per frame, never the whole file.
 */
import { buildCommonArgs, fileUrl } from "./ffmpeg";

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
  input: string;
  /** Seconds into the video, one per frame (see frameTimes). */
  times: readonly number[];
  /** Width of each frame in px; 0 keeps the video's own size. The height follows the aspect ratio, kept even. */
  width: number;
  /** Seconds read after each seek point at most, so an input never decodes on past its one frame. */
  readSeconds: number;
  /** Take the keyframe at or before each time instead of decoding on to it (useKeyframeSeek). */
  keyframeSeek: boolean;
  format: FrameImageFormat;
  overwrite: boolean;
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

/**
 * One input per frame: `-ss T -t S -i file`. ffmpeg: -ss before -i seeks in the demuxer to the keyframe before T, so
 * at most one keyframe interval is decoded per frame; `-noaccurate_seek` takes that keyframe itself.
 */
function frameInputs(o: FrameGrabOptions): string[] {
  const seek = o.keyframeSeek ? ["-noaccurate_seek"] : [];
  return o.times.flatMap((t) => [...seek, "-ss", t.toFixed(3), "-t", String(o.readSeconds), "-i", fileUrl(o.input)]);
}

/**
 * The chain of input i: its first frame, its time reset to 0 (a keyframe taken before the seek point has a negative
 * time, which the output would drop), scaled, counted by showinfo, labelled [fi].
 */
function frameChain(i: number, width: number): string {
  const scale = width > 0 ? `scale=${width}:-2,` : "";
  return `[${i}:v:0]trim=end_frame=1,setpts=PTS-STARTPTS,${scale}setsar=1,showinfo[f${i}]`;
}

/** Image muxer flags: one image written to a plain file name, whatever its extension. */
function imageOutput(format: FrameImageFormat, output: string): string[] {
  return [...IMAGE_CODEC[format], "-frames:v", "1", "-f", "image2", "-update", "1", fileUrl(output)];
}

/**
 * One ffmpeg run writing a contact sheet: the frames tiled `columns` per row (`tile` pads a short last row with
 * black), then, with a header, a band on top holding the text of `header.textFile`. Loglevel info so showinfo
 * reports each frame.
 */
export function buildContactSheetArgs(o: FrameGrabOptions & { columns: number; output: string; header: SheetHeader | null }): string[] {
  const n = o.times.length;
  const { columns, rows } = sheetLayout(n, o.columns);
  const chains = o.times.map((_, i) => frameChain(i, o.width));
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
    ...buildCommonArgs(o.overwrite, "info"), ...frameInputs(o),
    "-filter_complex", graph, "-map", "[sheet]", ...imageOutput(o.format, o.output),
  ];
}

/** One ffmpeg run writing each frame to its own image, `outputs[i]` for `times[i]`. */
export function buildSingleFramesArgs(o: FrameGrabOptions & { outputs: readonly string[] }): string[] {
  if (o.outputs.length !== o.times.length) throw new Error("one output per frame time is needed");
  const graph = o.times.map((_, i) => frameChain(i, o.width)).join(";");
  const outs = o.outputs.flatMap((out, i) => ["-map", `[f${i}]`, ...imageOutput(o.format, out)]);
  return [...buildCommonArgs(o.overwrite, "info"), ...frameInputs(o), "-filter_complex", graph, ...outs];
}
