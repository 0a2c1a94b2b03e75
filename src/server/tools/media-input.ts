/**
 * @module How a user's media file may be opened by ffprobe, ffmpeg and mediainfo (docs/security.md "Media tools"):
 * the demuxers ffprobe may pick from, the one protocol inputs may use, the demuxer a probe found (what every later
 * run is forced to), and the refusal of text content (playlists, concat scripts, manifests) before any tool reads
 * it. A playlist or concat script makes these tools open the files it names, whoever they belong to; a forced
 * container demuxer over the `file` protocol reads the one file given and nothing else.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { ToolFailed } from "./spawn";

/**
 * Demuxers (names from `ffmpeg -demuxers`, ffmpeg 5.1) of containers and audio streams that never open another file:
 * mov's external data references stay off (its `enable_drefs` option defaults to 0). Left out on purpose: hls,
 * dash, concat (ffconcat), image2 (file name patterns), tee, data, lavfi, subfile, webm_dash_manifest, and every
 * text format.
 */
export const MEDIA_DEMUXERS: readonly string[] = [
  // Video containers (webm is the matroska demuxer; 3gp, m4a and mj2 are mov; m2ts is mpegts; vob is mpeg).
  "mov",
  "matroska",
  "avi",
  "flv",
  "mpegts",
  "mpeg",
  "asf",
  "rm",
  "ogg",
  "nut",
  "mxf",
  "dv",
  "ivf",
  "wtv",
  "gxf",
  // Video elementary streams.
  "h264",
  "hevc",
  "m4v",
  "mpegvideo",
  // Audio.
  "mp3",
  "flac",
  "wav",
  "w64",
  "aac",
  "ac3",
  "eac3",
  "dts",
  "dtshd",
  "truehd",
  "mlp",
  "ape",
  "wv",
  "tta",
  "tak",
  "mpc",
  "mpc8",
  "aiff",
  "caf",
  "amr",
  "au",
  "oma",
  "dsf",
  "xwma",
  "loas",
  "shn",
];

/** The demuxer of each sidecar subtitle extension (sidecar-subtitles.ts); ffmpeg reads them only as these. */
export const SUBTITLE_DEMUXERS: Readonly<Record<string, string>> = {
  ".srt": "srt",
  ".ass": "ass",
  ".ssa": "ass",
  ".vtt": "webvtt",
};

/** The only protocol an input may be opened with (ffmpeg-protocols "file"); outputs and progress use `pipe:` on their own. */
export const INPUT_PROTOCOLS = "file";

/** Flags of the one probe of a user's file: only MEDIA_DEMUXERS, only local files. */
export function probeGuardArgs(): string[] {
  return ["-protocol_whitelist", INPUT_PROTOCOLS, "-format_whitelist", MEDIA_DEMUXERS.join(",")];
}

/**
 * The demuxer to force for a file ffprobe read as `formatName` (its `format_name`: a demuxer's names, comma separated,
 * "mov,mp4,m4a,3gp,3g2,mj2" → "mov", "matroska,webm" → "matroska"); null when it is not one of MEDIA_DEMUXERS.
 */
export function demuxerOf(formatName: string): string | null {
  const first = formatName.split(",")[0]!.trim();
  return MEDIA_DEMUXERS.includes(first) ? first : null;
}

/** True when ffmpeg may be forced to read an input with `demuxer` (a media or sidecar subtitle demuxer). */
export function isAllowedDemuxer(demuxer: string): boolean {
  return MEDIA_DEMUXERS.includes(demuxer) || Object.values(SUBTITLE_DEMUXERS).includes(demuxer);
}

/** What a tool refused to read is told as (the detail of a 415, a task's failure). */
export const NOT_MEDIA_CONTENT = "the file's content is text (a playlist or a list of files), not video or audio";

/** What a report naming other files is refused with (mediainfo follows reference movies and manifests). */
export const NAMES_OTHER_FILES = "the file refers to other files (a reference movie or a playlist), which are not read";

/**
 * Thrown instead of running a tool on a file whose content is text, or instead of answering what a tool read from
 * the files it named; a ToolFailed, so callers that do not tell it apart treat the file as unreadable.
 */
export class MediaContentRefused extends ToolFailed {
  constructor(tool: string, reason: string = NOT_MEDIA_CONTENT) {
    super(tool, null, reason);
    this.message = reason;
  }
}

/** Bytes of a file's head looked at: every text container these tools know states itself in its first line. */
export const HEAD_BYTES = 4096;

/** Starts of text that names other files (HLS, ffconcat, XML manifests such as DASH, DCP, ISM), whatever follows. */
const TEXT_STARTS = ["#EXT", "ffconcat", "<"];

/**
 * True when `head` (a file's first bytes) is text: a byte order mark of UTF-16 (or UTF-8 before a known start), a
 * known start of a playlist or manifest, or UTF-8 without a NUL byte. Containers and audio streams all have binary
 * headers: box sizes, EBML ids, sync words with 0xFF or NUL bytes within their first kilobytes.
 */
export function isTextHead(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  const body = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
  const start = new TextDecoder("latin1").decode(body.subarray(0, 16)).trimStart();
  if (TEXT_STARTS.some((s) => start.startsWith(s))) return true;
  if (body.includes(0)) return false;
  try {
    // stream: a character cut by the end of the head is not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(body, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a regular file whose head is text (isTextHead) before `tool` reads it. `file` is a descriptor already open
 * (tool-input.ts: the one the tool will inherit, so the check and the tool read the same inode) or a path. A path
 * is opened without blocking, so a FIFO or device is left to the tool (its own time limit ends a stuck read); a
 * missing file is left to the tool too.
 * @throws MediaContentRefused when the content is text.
 */
export async function refuseTextContent(file: string | number, tool: string): Promise<void> {
  if (typeof file === "number") return refuseTextHead(file, tool);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return;
  }
  try {
    if (fstatSync(fd).isFile()) refuseTextHead(fd, tool);
  } finally {
    closeSync(fd);
  }
}

/** Reads the first HEAD_BYTES of the open regular file `fd` (at offset 0, its position untouched) and refuses text. */
function refuseTextHead(fd: number, tool: string): void {
  const head = new Uint8Array(HEAD_BYTES);
  const bytesRead = readSync(fd, head, 0, HEAD_BYTES, 0);
  if (isTextHead(head.subarray(0, bytesRead))) throw new MediaContentRefused(tool);
}
