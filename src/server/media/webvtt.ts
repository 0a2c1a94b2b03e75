/**
 * @module Subtitles as WebVTT for the player (docs/product.md "Raw files and media URLs"): a sidecar file (`.vtt`
 * decoded to UTF-8 as it is; `.srt`, `.ass`, `.ssa` decoded to UTF-8, then converted by ffmpeg) and a text subtitle
 * stream of a video (`-map 0:s:N`, ffmpeg). Each result is a cache entry (media/media-cache.ts) keyed by the source's
 * path, size and mtime, so a second request runs no tool.
 */
import type { Stats } from "node:fs";
import { readFileBeneath, type FileInScope } from "../fs/read-text";
import { readFile, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import { buildSubtitleArgs, inheritedInput, type MediaInput } from "../tools/ffmpeg";
import type { ScopedFile, ToolFile } from "../tools/tool-input";
import { SUBTITLE_DEMUXERS } from "../tools/media-input";
import { SIDECAR_SUBTITLE_EXTENSIONS } from "./sidecar-subtitles";
import { cachedEntry, derivedCachePath } from "./media-cache";
import { isCached } from "./thumb-cache";
import { probeMedia, requireMediaTools, runMediaFfmpeg } from "./media-tools";
import { decodeSubtitle } from "./decode-subtitle";
import { BadRequest, NotFound } from "../errors";

/** Sidecar subtitle files larger than this (bytes) are refused: real ones are well under 1 MiB. */
const SUBTITLE_MAX_BYTES = 10 * 1024 * 1024;

/** The Content-Type of every WebVTT answer (W3C WebVTT section 7.1: text/vtt, always UTF-8). */
export const VTT_CONTENT_TYPE = "text/vtt; charset=utf-8";

/**
 * Converts subtitle stream `index` of `input` (a video, or a UTF-8 sidecar copy) to the WebVTT file `output` with
 * ffmpeg; `file` is the user's video `input` names as inheritedInput, absent for a copy of the server's own.
 */
const convertToVtt = (input: MediaInput, output: string, index: number, failure: string, file?: ToolFile) =>
  runMediaFfmpeg(
    buildSubtitleArgs({ input, streams: [{ index, output }], format: "vtt", overwrite: true }),
    failure,
    file,
  );

/**
 * The cached WebVTT of the sidecar subtitle file `abs` (`file`: the same as a user's file, read beneath its scope).
 * @throws BadRequest (400) for another extension, a file over SUBTITLE_MAX_BYTES, one ffmpeg cannot convert or one
 * without a single cue; ServiceUnavailable (503) when ffmpeg is needed and missing; ENOENT (404) when the file does
 * not exist.
 */
export async function sidecarVtt(cacheDir: string, abs: string, file?: FileInScope): Promise<string> {
  const ext = extname(abs).toLowerCase();
  if (!SIDECAR_SUBTITLE_EXTENSIONS.includes(ext))
    throw new BadRequest(`only ${SIDECAR_SUBTITLE_EXTENSIONS.join(", ")} files are subtitles`);
  const refuse = (st: Stats) => {
    if (!st.isFile())
      throw new BadRequest(
        st.isDirectory() ? "a folder is not a subtitle file" : "only a regular file can be a subtitle file",
      );
    if (st.size > SUBTITLE_MAX_BYTES) throw new BadRequest("the subtitle file is too large");
  };
  // A user's file is read once beneath its scope: the cache key's stat and the text come from the same file.
  const read = file ? readFileBeneath(file, refuse) : null;
  const st = read ? read.st : await stat(abs);
  refuse(st);
  const out = derivedCachePath(cacheDir, abs, st, "vtt", "vtt");
  if (ext !== ".vtt" && !(await isCached(out))) requireMediaTools();
  return cachedEntry(out, "subtitle.vtt", async (tmp) => {
    const { text } = decodeSubtitle(read ? read.bytes : new Uint8Array(await readFile(abs)));
    if (ext === ".vtt") return writeFile(tmp, text);
    // ffmpeg reads text subtitles as UTF-8: it gets the decoded text, under the original extension, read by the
    // demuxer of that extension only (docs/security.md "Media tools").
    const utf8 = join(dirname(tmp), `source${ext}`);
    await writeFile(utf8, text);
    const failure = "this subtitle file cannot be converted to WebVTT";
    await convertToVtt({ path: utf8, demuxer: SUBTITLE_DEMUXERS[ext]! }, tmp, 0, failure);
    // The forced demuxer reads any text and finds no cue in what is not a subtitle file: that is no subtitle either.
    if (!(await readFile(tmp, "utf8")).includes("-->")) throw new BadRequest(failure);
  });
}

/**
 * The cached WebVTT of subtitle stream `si` (0-based among the subtitle streams, docs/interfaces.md "Task outputs") of
 * the user's video `file`.
 * @throws NotFound (404) when the video has no such stream; BadRequest (400) for a picture subtitle (no text
 * without OCR) or a stream ffmpeg cannot convert; ServiceUnavailable (503) without ffmpeg.
 */
export async function embeddedVtt(cacheDir: string, file: ScopedFile, si: number): Promise<string> {
  const st = await stat(file.abs);
  if (!st.isFile()) throw new BadRequest("a folder has no subtitle streams");
  const out = derivedCachePath(cacheDir, file.abs, st, `vtt:si=${si}`, "vtt");
  if (await isCached(out)) return out;
  const probe = await probeMedia(file, st);
  const stream = probe.subtitles[si];
  if (!stream) throw new NotFound(`the video has no subtitle stream ${si}`);
  if (stream.kind === "bitmap")
    throw new BadRequest(`subtitle stream ${si} (${stream.codec}) is made of pictures and cannot be shown as text`);
  if (stream.kind !== "text")
    throw new BadRequest(`subtitle stream ${si} (${stream.codec}) cannot be converted to WebVTT`);
  return cachedEntry(out, "track.vtt", (tmp) =>
    convertToVtt(inheritedInput(probe.demuxer), tmp, si, `subtitle stream ${si} cannot be converted to WebVTT`, file),
  );
}
