/**
 * @module The ffmpeg wrapper of on-demand HLS encoders (only src/server/tools runs external tools): the pure argument builder of one encoder run
 * (H.264 + AAC stereo MPEG-TS segments from a start segment to the end of the file) and its runner, which reports
 * each finished segment.
 */
import { runTool } from "./run-tool";
import { ToolFailed } from "./spawn";
import { fileUrl, inputArgs, type MediaInput } from "./ffmpeg";
import { withToolInput, type ToolFile } from "./tool-input";
import { HLS_AUDIO_BITRATE, VAAPI_DEVICE } from "../constants";

/**
 * On-demand HLS: every encoder's output times are the source's plus this many seconds. Without it the run that starts
 * at 0 shifts its first B-frame-delayed frames (negative DTS) while runs started later do not, and their segments
 * would not line up (measured: 80 ms at 25 fps); any constant above the encoder delay works.
 */
const HLS_TS_OFFSET_S = 10;
/** On-demand HLS: the x264 preset (`-preset veryfast`: real-time 1080p on one core, small enough files). */
const HLS_X264_PRESET = "veryfast";

/** What buildHlsArgs needs. */
export interface HlsEncodeOptions {
  input: MediaInput;
  /** Which video stream (index among video streams; a cover picture may come first). */
  videoStream: number;
  /** H.264 encoder from media/video-encoder.ts: libx264, h264_nvenc, h264_qsv or h264_vaapi. */
  encoder: string;
  /** Output height in px (never above the source's: the caller refuses taller qualities). */
  height: number;
  /** Video bit rate, Mbit/s (also the maxrate; the VBV buffer holds two seconds of it). */
  mbps: number;
  /** First segment to write (0-based); the input is seeked to startSegment * segmentS. */
  startSegment: number;
  /** How many segments the whole video has (the last one ends at the end of the file). */
  segmentCount: number;
  segmentS: number;
  /** The folder the segment muxer writes `seg-N.ts` into (the caller renames finished ones into the cache). */
  outDir: string;
  /** The muxer's file name pattern, with `%d` for the segment number. */
  pattern: string;
}

/** Encoder flags per H.264 encoder: input-side, filter tail and codec flags. libx264 is the default. */
function encoderArgs(encoder: string): { input: string[]; filterTail: string; codec: string[] } {
  switch (encoder) {
    case "h264_nvenc":
      // -forced-idr: the forced keyframes at segment boundaries must be IDR frames so each segment starts clean.
      return {
        input: [],
        filterTail: ",format=yuv420p",
        codec: ["-c:v", "h264_nvenc", "-preset", "p4", "-profile:v", "high", "-forced-idr", "1"],
      };
    case "h264_qsv":
      return {
        input: [],
        filterTail: ",format=nv12",
        codec: ["-c:v", "h264_qsv", "-preset", "veryfast", "-profile:v", "high"],
      };
    case "h264_vaapi":
      return {
        input: ["-vaapi_device", VAAPI_DEVICE],
        filterTail: ",format=nv12,hwupload",
        codec: ["-c:v", "h264_vaapi", "-profile:v", "high"],
      };
    default:
      return {
        input: [],
        filterTail: ",format=yuv420p",
        codec: ["-c:v", "libx264", "-preset", HLS_X264_PRESET, "-profile:v", "high"],
      };
  }
}

/** Seconds as ffmpeg reads them, without float noise ("8", "12.5"). */
const seconds = (s: number): string => String(Math.round(s * 1000) / 1000);

/**
 * One encoder run: input seek to the start segment's time (ffmpeg: `-ss` before `-i` seeks in the demuxer and
 * decodes only from the keyframe before it), scale to the height keeping the aspect with an even width, H.264 at
 * `mbps` with maxrate and a 2 s VBV buffer, keyframes forced every segmentS seconds of output and no extra scene-cut
 * keyframes, AAC stereo, and the segment muxer cutting MPEG-TS files at the absolute segment times. Output times are
 * the source's plus HLS_TS_OFFSET_S (`-output_ts_offset`), the same in every run, so segments of different runs play
 * back to back. Each finished segment's name is printed on stdout (`-segment_list pipe:1`, flat).
 */
export function buildHlsArgs(o: HlsEncodeOptions): string[] {
  const start = o.startSegment * o.segmentS;
  const enc = encoderArgs(o.encoder);
  const kbps = Math.round(o.mbps * 1000);
  const cuts: string[] = [];
  // The muxer cuts at output times: source times plus the constant offset.
  const cut = (n: number) => seconds(n * o.segmentS + HLS_TS_OFFSET_S);
  for (let n = o.startSegment + 1; n < o.segmentCount; n++) cuts.push(cut(n));
  // With no cut left (the last segment alone), a cut past the end keeps the muxer from its default 2 s segments.
  if (cuts.length === 0) cuts.push(cut(o.startSegment + 1));
  return [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-nostats",
    "-y",
    ...enc.input,
    ...(start > 0 ? ["-ss", seconds(start)] : []),
    ...inputArgs(o.input),
    "-map",
    `0:v:${o.videoStream}`,
    "-map",
    "0:a:0?",
    "-sn",
    "-dn",
    "-vf",
    `scale=-2:${o.height}${enc.filterTail}`,
    ...enc.codec,
    "-b:v",
    `${kbps}k`,
    "-maxrate",
    `${kbps}k`,
    "-bufsize",
    `${kbps * 2}k`,
    "-force_key_frames",
    `expr:gte(t,n_forced*${o.segmentS})`,
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-ac",
    "2",
    "-b:a",
    String(HLS_AUDIO_BITRATE),
    "-output_ts_offset",
    seconds(start + HLS_TS_OFFSET_S),
    "-avoid_negative_ts",
    "disabled",
    "-f",
    "segment",
    "-segment_format",
    "mpegts",
    "-segment_times",
    cuts.join(","),
    "-segment_start_number",
    String(o.startSegment),
    "-segment_list",
    "pipe:1",
    "-segment_list_type",
    "flat",
    // The output folder is a hash-named cache folder; a `%` in the cache dir itself is escaped for the pattern.
    fileUrl(`${o.outDir.replaceAll("%", "%%")}/${o.pattern}`),
  ];
}

/** What runHlsEncoder needs. */
export interface RunHlsOptions {
  args: readonly string[];
  /** The source file the args name as `/proc/self/fd/3` (ffmpeg.ts inheritedInput), opened and inherited here. */
  input: ToolFile;
  /** Aborting kills ffmpeg's process group (run-tool.ts) and rejects with ToolAborted. */
  signal: AbortSignal;
  /** Called with each finished segment's file name (as the muxer wrote it, e.g. "seg-3.ts"). */
  onSegment: (fileName: string) => void;
}

/**
 * Runs one encoder until the end of the file.
 * @throws ToolAborted when `signal` aborts; ToolFailed with ffmpeg's last error lines when it fails.
 */
export async function runHlsEncoder(o: RunHlsOptions): Promise<void> {
  try {
    await withToolInput(o.input, "ffmpeg", (input) =>
      runTool({
        cmd: "ffmpeg",
        args: o.args,
        inputFd: input.fd,
        signal: o.signal,
        onStdoutLine: (line) => o.onSegment(line.trim()),
      }),
    );
  } catch (e) {
    if (e instanceof ToolFailed) throw new ToolFailed("ffmpeg", e.exitCode, e.stderr.split("\n").slice(-4).join("\n"));
    throw e;
  }
}
