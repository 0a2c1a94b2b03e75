/**
 * @module The ffmpeg wrapper (only src/server/tools runs external tools): the common flags, the subtitle extraction builder, a pure parser of
 * `-progress pipe:1` blocks, and the one runner. The frame grabbing builders (contact sheet, single frames) are the
 * pure sibling ffmpeg-frames.ts.
 */
import { runTool } from "./run-tool";
import { ToolFailed } from "./spawn";
import { INPUT_PROTOCOLS, isAllowedDemuxer } from "./media-input";
import { TOOL_INPUT_PATH, withToolInput, type ToolFile } from "./tool-input";

/**
 * Flags every run starts with: no banner, never read stdin (a task has no terminal), no stats line on stderr,
 * machine-readable progress blocks on stdout (ffmpeg: -progress). `loglevel` is "error" unless a caller needs
 * a filter's info lines (showinfo counts frames).
 */
export function buildCommonArgs(overwrite: boolean, loglevel: "error" | "info" = "error"): string[] {
  // -y only when the caller means to replace an existing output; -n makes ffmpeg refuse instead of asking.
  return [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    loglevel,
    "-nostats",
    "-progress",
    "pipe:1",
    overwrite ? "-y" : "-n",
  ];
}

/** An input path as ffmpeg must see it: the "file:" protocol, so a name like "a:b.mkv" or "-x.mp4" is only a file. */
export const fileUrl = (path: string): string => `file:${path}`;

/** A file ffmpeg reads: its path and the demuxer it must be read with (a probe's `demuxer`, or SUBTITLE_DEMUXERS). */
export interface MediaInput {
  path: string;
  demuxer: string;
}

/**
 * The MediaInput of the file runFfmpeg's `input` opens: ffmpeg reads it as `/proc/self/fd/3`, the descriptor it
 * inherits (tool-input.ts), never by the user's path.
 */
export function inheritedInput(demuxer: string): MediaInput {
  return { path: TOOL_INPUT_PATH, demuxer };
}

/**
 * The flags of one input: only the `file` protocol, the demuxer forced and the only one allowed (so nothing the
 * file says can open another file or another demuxer), then `-i file:PATH`. Goes right before the input.
 * @throws Error when `input.demuxer` is not an allowed demuxer (media-input.ts), a caller's mistake.
 */
export function inputArgs(input: MediaInput): string[] {
  if (!isAllowedDemuxer(input.demuxer)) throw new Error(`ffmpeg may not read an input as "${input.demuxer}"`);
  return [
    "-protocol_whitelist",
    INPUT_PROTOCOLS,
    "-format_whitelist",
    input.demuxer,
    "-f",
    input.demuxer,
    "-i",
    fileUrl(input.path),
  ];
}

/** Subtitle output formats: ffmpeg encoder and muxer of each. */
export const SUBTITLE_FORMATS = {
  vtt: { codec: "webvtt", muxer: "webvtt" },
  srt: { codec: "srt", muxer: "srt" },
  ass: { codec: "ass", muxer: "ass" },
} as const;
export type SubtitleFormat = keyof typeof SUBTITLE_FORMATS;

/** What buildSubtitleArgs needs. */
export interface SubtitleExtractOptions {
  input: MediaInput;
  /** Each subtitle stream to write: its index among subtitle streams (`0:s:N`) and the output file. */
  streams: readonly { index: number; output: string }[];
  format: SubtitleFormat;
  overwrite: boolean;
}

/**
 * One ffmpeg run that reads the video once and writes every chosen subtitle stream to its own file
 * (one `-map 0:s:N -c:s CODEC -f MUXER OUT` group per stream); video and audio are not decoded.
 */
export function buildSubtitleArgs(o: SubtitleExtractOptions): string[] {
  const { codec, muxer } = SUBTITLE_FORMATS[o.format];
  const outs = o.streams.flatMap((s) => ["-map", `0:s:${s.index}`, "-c:s", codec, "-f", muxer, fileUrl(s.output)]);
  return [...buildCommonArgs(o.overwrite), ...inputArgs(o.input), ...outs];
}

/** One `-progress` block. Times in microseconds (`out_time_us`; `out_time_ms` is microseconds too, as ffmpeg prints them). */
export interface FfmpegProgress {
  outTimeUs: number;
  frame: number;
  /** True on the last block (`progress=end`). */
  end: boolean;
}

/**
 * A line-by-line parser of `-progress pipe:1` output: key=value lines, each block closed by `progress=continue|end`.
 * Returns the function to feed lines to; `onBlock` gets each finished block.
 */
export function createProgressParser(onBlock: (p: FfmpegProgress) => void): (line: string) => void {
  let cur: FfmpegProgress = { outTimeUs: 0, frame: 0, end: false };
  return (line) => {
    const eq = line.indexOf("=");
    if (eq < 0) return;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key === "out_time_us" || (key === "out_time_ms" && !cur.outTimeUs)) {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) cur.outTimeUs = n;
    } else if (key === "frame") {
      cur.frame = Number(value) || 0;
    } else if (key === "progress") {
      onBlock({ ...cur, end: value === "end" });
      cur = { outTimeUs: cur.outTimeUs, frame: cur.frame, end: false };
    }
  };
}

/** Whole percent (0-100) of `outTimeUs` against a duration in seconds; 0 when the duration is unknown. */
export function progressPercent(outTimeUs: number, durationS: number): number {
  if (!(durationS > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor(outTimeUs / 1e4 / durationS)));
}

/** What runFfmpeg needs. */
export interface RunFfmpegOptions {
  args: readonly string[];
  /** Aborting kills ffmpeg's process group (run-tool.ts) and rejects with ToolAborted. */
  signal: AbortSignal;
  onProgress?: (p: FfmpegProgress) => void;
  /** Each stderr line (at loglevel info this carries filter lines such as showinfo's). */
  onStderrLine?: (line: string) => void;
  /**
   * The file `args` name as inheritedInput (`/proc/self/fd/3`): opened here (tool-input.ts) and inherited by ffmpeg.
   * Absent when the inputs are files of the server's own named in `args`.
   */
  input?: ToolFile;
  /**
   * The folder the outputs go to, held open (fs/beneath.ts pinDir): ffmpeg inherits it as descriptor 4 and `args`
   * name each output `file:/proc/self/fd/4/<name>` (tool-input.ts TOOL_OUTPUT_DIR). The caller keeps and closes it.
   */
  outputDirFd?: number;
}

/** Lines of stderr kept for the failure message (the last ones name the error). */
const ERROR_LINES_KEPT = 4;
const NOISE = /^\[Parsed_showinfo|^\s|^(Input|Output|Stream mapping|Press \[q\])/;

/**
 * Runs ffmpeg with `args` (build them with the builders here), reporting progress blocks.
 * @throws ToolAborted when `signal` aborts; ToolFailed with the last error lines when ffmpeg fails, or when `input`
 *   cannot be opened or is not a regular file.
 */
export async function runFfmpeg(o: RunFfmpegOptions): Promise<void> {
  const kept: string[] = [];
  const onStderrLine = (line: string) => {
    o.onStderrLine?.(line);
    if (NOISE.test(line)) return;
    kept.push(line);
    if (kept.length > ERROR_LINES_KEPT) kept.shift();
  };
  try {
    const run = (inputFd?: number) =>
      runTool({
        cmd: "ffmpeg",
        args: o.args,
        inputFd,
        outputDirFd: o.outputDirFd,
        signal: o.signal,
        onStdoutLine: createProgressParser((p) => o.onProgress?.(p)),
        onStderrLine,
      });
    await (o.input === undefined ? run() : withToolInput(o.input, "ffmpeg", (input) => run(input.fd)));
  } catch (e) {
    if (e instanceof ToolFailed) throw new ToolFailed("ffmpeg", e.exitCode, kept.join("\n") || e.stderr);
    throw e;
  }
}
