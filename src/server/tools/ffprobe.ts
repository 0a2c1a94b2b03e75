/**
 * @module The ffprobe wrapper (the only module that runs ffprobe): the argument builder, a pure parser of
 * `ffprobe -print_format json -show_format -show_streams` into a small typed summary, and one runner.
 */
import { runTool } from "./run-tool";
import { ToolFailed } from "./spawn";
import { demuxerOf, probeGuardArgs, refuseTextContent } from "./media-input";
import { withToolInput, type ToolFile } from "./tool-input";
import { PICTURE_SUBTITLE_CODECS, TEXT_SUBTITLE_CODECS } from "../../shared/wire/subtitle-codecs";

/**
 * How ffprobe is called: errors only, JSON, the container and every stream, with only container demuxers and local
 * files allowed (media-input.ts), so a playlist or concat script is refused instead of followed.
 */
export function buildProbeArgs(file: string): string[] {
  // "file:" keeps a name such as "http:x.mp4" or "-i.mkv" from being read as a protocol or an option.
  return ["-v", "error", ...probeGuardArgs(), "-print_format", "json", "-show_format", "-show_streams", `file:${file}`];
}

/** One subtitle stream of a probed file. */
export interface ProbedSubtitle {
  /** Index among the file's subtitle streams, 0-based (what `-map 0:s:N` and `/api/raw/vtt?si=N` take). */
  index: number;
  codec: string;
  /** The stream's language tag as stored ("eng"), "" when absent or "und". */
  language: string;
  title: string;
  kind: "text" | "bitmap" | "other";
}

/** The first video stream's details (cover pictures skipped). Unknown numbers are 0, unknown names "". */
export interface ProbedVideo {
  codec: string;
  codecLongName: string;
  profile: string;
  /** bit/s: the stream's bit_rate, else Matroska's BPS tag. */
  bitRate: number;
  /** Frames per second. */
  frameRate: number;
  width: number;
  height: number;
  /** As ffprobe prints it ("16:9"), "" when unknown. */
  displayAspectRatio: string;
}

/** The first audio stream's details. */
export interface ProbedAudio {
  codec: string;
  codecLongName: string;
  profile: string;
  /** bit/s (stream bit_rate, else Matroska's BPS tag). */
  bitRate: number;
  /** Hz. */
  sampleRate: number;
  channels: number;
  /** "stereo", "5.1(side)", ... or "". */
  channelLayout: string;
}

/** What the tasks and media views need of a probed file. Unknown numbers are 0, unknown names "". */
export interface ProbeResult {
  /** Seconds (the container's duration, else the longest stream's). */
  durationS: number;
  /** Seconds of the first video stream itself (it may end before the container), else durationS. */
  videoDurationS: number;
  /** Bytes of the file as ffprobe saw it. */
  sizeBytes: number;
  formatName: string;
  /** The demuxer that read the file (demuxerOf of formatName), forced on every later run; "" when not allowed. */
  demuxer: string;
  formatLongName: string;
  /** Overall bit rate of the container in bit/s. */
  bitRate: number;
  /** The first video stream, null without one. */
  video: ProbedVideo | null;
  /** The first audio stream, null without one. */
  audio: ProbedAudio | null;
  /**
   * Metadata tags with lower-case keys: the container's (ID3 frames, FLAC's Vorbis comments, mp4 atoms), then those
   * of the first audio stream for keys the container lacks (Ogg keeps its Vorbis comments there).
   */
  tags: Record<string, string>;
  /** First video stream (attached cover pictures skipped); 0 / "" without one. */
  width: number;
  height: number;
  videoCodec: string;
  /** Index of that stream among the file's video streams (what `-map 0:v:N` takes); 0 without one. */
  videoStreamIndex: number;
  /** Frames per second of that stream, 0 when unknown. */
  frameRate: number;
  audioCodec: string;
  subtitles: ProbedSubtitle[];
}

type Json = Record<string, unknown>;

const num = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** "30000/1001" → 29.97; "0/0" or junk → 0. */
function ratio(v: unknown): number {
  const [a, b] = str(v).split("/").map(Number);
  return b ? num(a / b) : num(a);
}

/** Seconds of a Matroska "DURATION" tag ("00:01:02.500000000"), 0 when absent or malformed. */
function tagDuration(v: unknown): number {
  const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(str(v).trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : 0;
}

/** Tags of one section with lower-case keys; string values only. */
function lowerTags(t: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((t ?? {}) as Json))
    if (typeof v === "string" || typeof v === "number") out[k.toLowerCase()] ??= String(v);
  return out;
}

/** bit/s of a stream: bit_rate, else the BPS statistics tag mkvmerge and ffmpeg write into Matroska. */
const streamBitRate = (s: Json | undefined): number => num(s?.bit_rate) || num(lowerTags(s?.tags).bps);

function videoOf(s: Json | undefined): ProbedVideo | null {
  if (!s) return null;
  return {
    codec: str(s.codec_name),
    codecLongName: str(s.codec_long_name),
    profile: str(s.profile),
    bitRate: streamBitRate(s),
    frameRate: ratio(s.avg_frame_rate) || ratio(s.r_frame_rate),
    width: num(s.width),
    height: num(s.height),
    displayAspectRatio: str(s.display_aspect_ratio),
  };
}

function audioOf(s: Json | undefined): ProbedAudio | null {
  if (!s) return null;
  return {
    codec: str(s.codec_name),
    codecLongName: str(s.codec_long_name),
    profile: str(s.profile),
    bitRate: streamBitRate(s),
    sampleRate: num(s.sample_rate),
    channels: num(s.channels),
    channelLayout: str(s.channel_layout),
  };
}

/** Text, bitmap or neither, by ffmpeg codec name. */
export function subtitleKind(codec: string): ProbedSubtitle["kind"] {
  if (TEXT_SUBTITLE_CODECS.includes(codec)) return "text";
  if (PICTURE_SUBTITLE_CODECS.includes(codec)) return "bitmap";
  return "other";
}

/**
 * Parses ffprobe's JSON output.
 * @throws Error when the text is not ffprobe JSON.
 */
export function parseProbe(jsonText: string): ProbeResult {
  const data = JSON.parse(jsonText) as Json;
  if (!data || typeof data !== "object") throw new Error("ffprobe printed no JSON object");
  const format = (data.format ?? {}) as Json;
  const streams = (Array.isArray(data.streams) ? data.streams : []) as Json[];
  const tags = (s: Json) => (s.tags ?? {}) as Json;
  const disposition = (s: Json) => (s.disposition ?? {}) as Json;
  const videos = streams.filter((s) => s.codec_type === "video");
  const video = videos.find((s) => !num(disposition(s).attached_pic));
  const audio = streams.find((s) => s.codec_type === "audio");
  const durationS = num(format.duration) || Math.max(0, ...streams.map((s) => num(s.duration)));
  const subtitles = streams
    .filter((s) => s.codec_type === "subtitle")
    .map((s, index): ProbedSubtitle => {
      const codec = str(s.codec_name);
      const lang = str(tags(s).language ?? tags(s).LANGUAGE).trim();
      return {
        index,
        codec,
        language: lang.toLowerCase() === "und" ? "" : lang,
        title: str(tags(s).title ?? tags(s).TITLE),
        kind: subtitleKind(codec),
      };
    });
  return {
    durationS,
    videoDurationS: num(video?.duration) || (video ? tagDuration(tags(video).DURATION) : 0) || durationS,
    sizeBytes: num(format.size),
    formatName: str(format.format_name),
    demuxer: demuxerOf(str(format.format_name)) ?? "",
    formatLongName: str(format.format_long_name),
    bitRate: num(format.bit_rate),
    video: videoOf(video),
    audio: audioOf(audio),
    tags: { ...lowerTags(audio?.tags), ...lowerTags(format.tags) },
    width: num(video?.width),
    height: num(video?.height),
    videoCodec: str(video?.codec_name),
    videoStreamIndex: video ? videos.indexOf(video) : 0,
    frameRate: ratio(video?.avg_frame_rate) || ratio(video?.r_frame_rate),
    audioCodec: str(audio?.codec_name),
    subtitles,
  };
}

/**
 * Probes `file` with ffprobe, stopped after `timeoutMs` when given. This is the one probe of a user's file: later
 * ffmpeg runs take its `demuxer` (ffmpeg.ts inputArgs). The file is opened once (tool-input.ts): its head is checked
 * and ffprobe reads it through that descriptor.
 * @throws MediaContentRefused (a ToolFailed) when the content is text; ToolFailed when the file cannot be opened or is
 * not a regular file, or ffprobe cannot read it with an allowed demuxer (not a media file) or runs out of time;
 * ToolAborted when `signal` aborts.
 */
export async function runProbe(file: ToolFile, signal: AbortSignal, timeoutMs?: number): Promise<ProbeResult> {
  let out = "";
  await withToolInput(file, "ffprobe", async (input) => {
    await refuseTextContent(input.fd, "ffprobe");
    await runTool({
      cmd: "ffprobe",
      args: buildProbeArgs(input.path),
      inputFd: input.fd,
      signal,
      timeoutMs,
      onStdoutLine: (l) => (out += l + "\n"),
    });
  });
  const probe = parseProbe(out);
  if (!probe.demuxer) throw new ToolFailed("ffprobe", null, "the file was read by a demuxer that is not allowed");
  return probe;
}
