/**
 * @module The extract_sub kind (docs/product.md "Extract subtitle", "Task targets", "Sockets"; docs/interfaces.md "Task
 * WebSocket"): every embedded text subtitle stream of a video to `<name without extension>.<language or stream
 * index>.<vtt|srt|ass>` beside it, in one ffmpeg run per video. Picture subtitles (PGS, DVD) cannot become text and are
 * named in the done message; a video without a text stream ends done with "no text subtitle stream found" (nothing went
 * wrong, there is nothing to extract). A folder target takes every video under it (video-files.ts).
 */
import { existsSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import {
  buildSubtitleArgs,
  inheritedInput,
  progressPercent,
  runFfmpeg,
  type SubtitleFormat,
} from "../../server/tools/ffmpeg";
import type { PinnedDir } from "../../server/fs/beneath";
import type { ProbedSubtitle, ProbeResult } from "../../server/tools/ffprobe";
import { TASK_DEFAULTS, type ExtractSubParams } from "../../shared/wire/task";
import { TaskInputError, type TaskContext, type TaskKind } from "../types";
import { boolParam, choiceParam, paramsObject } from "../params";
import {
  forEachVideo,
  inFolder,
  isVideoOrFolder,
  probeVideoFile,
  publishOutputs,
  removeTemps,
  tempOutput,
  toolFailureMessage,
  toolOutput,
  videoInput,
  videosOfTarget,
  virtualBeside,
  withVideoFolder,
  type VideoFile,
} from "./video-files";

/** docs/product.md "Task refusals", word for word. */
export const EXTRACT_SUB_REFUSAL = "hey man, you can only extract subtitle from video file or directory";

/** A language tag used in a file name: letters, digits and dashes only (ISO 639 codes, BCP 47 tags). */
const SAFE_LANGUAGE = /^[A-Za-z0-9-]{1,16}$/;

/**
 * The output file of each text stream, beside `videoAbs`. The name part is the stream's language, else its index
 * among subtitle streams. A language shared by several streams keeps the plain name for its first stream; the
 * next ones add their index (`clip.eng.vtt`, `clip.eng.3.vtt`), so no stream overwrites another. A name that an
 * earlier video of the same task took (`clip.mkv` and `clip.mp4` in one folder) keeps the video's extension
 * instead (`clip.mp4.eng.vtt`). Every name given is added to `taken`.
 */
export function subtitleOutputs(
  videoAbs: string,
  streams: readonly ProbedSubtitle[],
  fmt: SubtitleFormat,
  taken = new Set<string>(),
): { stream: ProbedSubtitle; output: string }[] {
  const base = join(dirname(videoAbs), basename(videoAbs, extname(videoAbs)));
  const seen = new Set<string>();
  return streams.map((stream) => {
    const lang = SAFE_LANGUAGE.test(stream.language) ? stream.language : "";
    let tag = lang || String(stream.index);
    if (lang && seen.has(lang)) tag = `${lang}.${stream.index}`;
    seen.add(lang);
    const output = taken.has(`${base}.${tag}.${fmt}`) ? `${videoAbs}.${tag}.${fmt}` : `${base}.${tag}.${fmt}`;
    taken.add(output);
    return { stream, output };
  });
}

/** The extract_sub kind. */
export const extractSubKind: TaskKind<ExtractSubParams> = {
  type: "extract_sub",
  tools: ["ffmpeg", "ffprobe"],
  parseParams(raw) {
    const p = paramsObject(raw);
    const d = TASK_DEFAULTS.extract_sub;
    return {
      subFormat: choiceParam(p, "subFormat", d.subFormat, ["vtt", "srt", "ass"] as const),
      overwrite: boolParam(p, "overwrite", d.overwrite),
    };
  },
  checkTarget(target) {
    if (!isVideoOrFolder(target)) throw new TaskInputError(EXTRACT_SUB_REFUSAL);
  },
  async run(ctx, params) {
    const videos = await videosOfTarget(ctx);
    if (videos.length === 0) return `no video found in ${ctx.target.path}`;
    const taken = new Set<string>();
    const lines = await forEachVideo(ctx, videos, (video, progress) => extractOne(ctx, params, video, taken, progress));
    return lines.join("\n");
  },
};

/** Extracts the text streams of one video; resolves with its line of the done message. */
async function extractOne(
  ctx: TaskContext,
  p: ExtractSubParams,
  video: VideoFile,
  taken: Set<string>,
  progress: (f: number) => void,
): Promise<string> {
  const probe = await probeVideoFile(ctx, video);
  const bitmaps = probe.subtitles.filter((s) => s.kind === "bitmap");
  const bitmapNote = bitmaps.length
    ? `; picture subtitle streams skipped (${bitmaps.map((s) => `#${s.index} ${s.codec}`).join(", ")})`
    : "";
  const outputs = subtitleOutputs(
    video.abs,
    probe.subtitles.filter((s) => s.kind === "text"),
    p.subFormat,
    taken,
  );
  if (outputs.length === 0) return `${video.virtual}: no text subtitle stream found${bitmapNote}`;
  for (const o of outputs) {
    if (!ctx.scope.allows(virtualBeside(video, o.output)))
      throw new TaskInputError(`${virtualBeside(video, o.output)} is not allowed`);
  }
  return withVideoFolder(ctx, video, (dir) => extractInto(ctx, p, video, dir, outputs, probe, progress, bitmapNote));
}

/** extractOne with the video's folder pinned (`dir`): every output is created, renamed and removed through it. */
async function extractInto(
  ctx: TaskContext,
  p: ExtractSubParams,
  video: VideoFile,
  dir: PinnedDir,
  outputs: ReturnType<typeof subtitleOutputs>,
  probe: ProbeResult,
  progress: (f: number) => void,
  bitmapNote: string,
): Promise<string> {
  const toWrite = outputs.filter((o) => p.overwrite || !existsSync(inFolder(dir, o.output)));
  const skipped = outputs.filter((o) => !toWrite.includes(o)).map((o) => virtualBeside(video, o.output));
  const skippedNote = skipped.length ? `; skipped existing ${skipped.join(", ")}` : "";
  if (toWrite.length === 0)
    return `${video.virtual}: skipped, every subtitle file exists (${skipped.join(", ")})${bitmapNote}`;

  const pairs = toWrite.map((o) => ({ tmp: tempOutput(ctx, o.output), final: o.output, index: o.stream.index }));
  try {
    await runFfmpeg({
      args: buildSubtitleArgs({
        input: inheritedInput(probe.demuxer),
        streams: pairs.map((x) => ({ index: x.index, output: toolOutput(x.tmp) })),
        format: p.subFormat,
        overwrite: false,
      }),
      input: videoInput(ctx, video),
      outputDirFd: dir.fd,
      signal: ctx.signal,
      onProgress: (b) => progress(progressPercent(b.outTimeUs, probe.durationS) / 100),
    }).catch((err) => {
      throw toolFailureMessage(err);
    });
    for (const { tmp } of pairs)
      if (!existsSync(inFolder(dir, tmp))) throw new Error(`ffmpeg wrote no subtitle file for ${video.virtual}`);
    await publishOutputs(ctx, dir, pairs);
  } finally {
    await removeTemps(
      dir,
      pairs.map((x) => x.tmp),
    );
  }
  progress(1); // the last cue may end well before the video does
  return pairs.map((x) => virtualBeside(video, x.final)).join(", ") + skippedNote + bitmapNote;
}
