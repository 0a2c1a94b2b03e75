/**
 * @module The mkthumb kind (docs/product.md "Make thumbnail", "Task targets", "Sockets"; docs/interfaces.md "Task
 * WebSocket"): a contact sheet of `numcaps` frames, `columns` per row, under a header, written beside each video as
 * `<name>._vthumb_.<fmt>`, or one image per frame `<name>._vthumb_<n>.<fmt>` (n from 1). A folder target takes every
 * video under it (video-files.ts).
 */
import { existsSync } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { inheritedInput, runFfmpeg } from "../../server/tools/ffmpeg";
import {
  buildContactSheetArgs,
  buildSingleFramesArgs,
  frameTimes,
  isFrameShownLine,
  sheetLayout,
  useKeyframeSeek,
} from "../../server/tools/ffmpeg-frames";
import type { PinnedDir } from "../../server/fs/beneath";
import type { ProbeResult } from "../../server/tools/ffprobe";
import { TASK_DEFAULTS, type MkThumbParams } from "../../shared/wire/task";
import { TaskInputError, type TaskContext, type TaskKind } from "../types";
import { sheetText, type SheetText } from "./contact-sheet-header";
import { boolParam, choiceParam, intParam, paramsObject, stringParam } from "../params";
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

/** Sanity bounds; docs/product.md "Settings ranges" only asks columns and numcaps to be at least 1. */
export const MKTHUMB_LIMITS = { numcapsMax: 100, columnsMax: 32, widthMax: 4096 } as const;

/** docs/product.md "Task refusals", word for word. */
export const MKTHUMB_REFUSAL = "hey man, you can only make thumbnail for video file or directory";

/** The sheet's file beside the video (docs/interfaces.md "Task outputs": `clip.mp4` gives `clip.mp4._vthumb_.jpg`). */
export const sheetPath = (video: string, fmt: string): string => `${video}._vthumb_.${fmt}`;
/** Image `n` (from 1) of the single-images mode: `clip.mp4._vthumb_3.jpg`. */
export const frameImagePath = (video: string, n: number, fmt: string): string => `${video}._vthumb_${n}.${fmt}`;

/** The mkthumb kind. */
export const mkthumbKind: TaskKind<MkThumbParams> = {
  type: "mkthumb",
  tools: ["ffmpeg", "ffprobe"],
  parseParams(raw) {
    const p = paramsObject(raw);
    const d = TASK_DEFAULTS.mkthumb;
    return {
      comment: stringParam(p, "comment", d.comment),
      width: intParam(p, "width", d.width, 0, MKTHUMB_LIMITS.widthMax),
      numcaps: intParam(p, "numcaps", d.numcaps, 1, MKTHUMB_LIMITS.numcapsMax),
      columns: intParam(p, "columns", d.columns, 1, MKTHUMB_LIMITS.columnsMax),
      imageFormat: choiceParam(p, "imageFormat", d.imageFormat, ["jpg", "png"] as const),
      singleImages: boolParam(p, "singleImages", d.singleImages),
      overwrite: boolParam(p, "overwrite", d.overwrite),
    };
  },
  checkTarget(target) {
    if (!isVideoOrFolder(target)) throw new TaskInputError(MKTHUMB_REFUSAL);
  },
  async run(ctx, params) {
    const videos = await videosOfTarget(ctx);
    if (videos.length === 0) return `no video found in ${ctx.target.path}`;
    const lines = await forEachVideo(ctx, videos, (video, progress) => thumbOne(ctx, params, video, progress));
    return lines.join("\n");
  },
};

/** Makes the sheet (or the images) of one video; resolves with its line of the done message. */
async function thumbOne(
  ctx: TaskContext,
  p: MkThumbParams,
  video: VideoFile,
  progress: (f: number) => void,
): Promise<string> {
  const finals = p.singleImages
    ? Array.from({ length: p.numcaps }, (_, i) => frameImagePath(video.abs, i + 1, p.imageFormat))
    : [sheetPath(video.abs, p.imageFormat)];
  for (const f of finals) {
    if (!ctx.scope.allows(virtualBeside(video, f)))
      throw new TaskInputError(`${virtualBeside(video, f)} is not allowed`);
  }
  return withVideoFolder(ctx, video, (dir) => thumbInto(ctx, p, video, dir, finals, progress));
}

/** thumbOne with the video's folder pinned (`dir`): every output is created, renamed and removed through it. */
async function thumbInto(
  ctx: TaskContext,
  p: MkThumbParams,
  video: VideoFile,
  dir: PinnedDir,
  finals: string[],
  progress: (f: number) => void,
): Promise<string> {
  const wanted = finals.map((f, i) => ({ f, i })).filter(({ f }) => p.overwrite || !existsSync(inFolder(dir, f)));
  const firstOut = virtualBeside(video, finals[0]);
  if (wanted.length === 0)
    return `skipped ${p.singleImages ? `${finals.length} existing images of ${video.virtual}` : `${firstOut}, it exists`}`;

  const probe = await probeVideoFile(ctx, video);
  if (!probe.width || !probe.height) throw new Error(`${video.virtual} has no video stream`);
  if (!(probe.videoDurationS > 0)) throw new Error(`${video.virtual} has no known duration`);
  const allTimes = frameTimes(probe.videoDurationS, p.numcaps, probe.frameRate);
  const times = p.singleImages ? wanted.map(({ i }) => allTimes[i]) : allTimes;
  const pairs = wanted.map(({ f }) => ({ tmp: tempOutput(ctx, f), final: f }));
  const grab = {
    input: inheritedInput(probe.demuxer),
    times,
    width: p.width,
    format: p.imageFormat,
    overwrite: false,
    readSeconds: readSecondsFor(probe.frameRate),
    keyframeSeek: useKeyframeSeek(probe.videoDurationS, p.numcaps),
    videoStream: probe.videoStreamIndex,
  };
  let shown = 0;
  try {
    const args = p.singleImages
      ? buildSingleFramesArgs({ ...grab, outputs: pairs.map((x) => toolOutput(x.tmp)) })
      : buildContactSheetArgs({
          ...grab,
          columns: p.columns,
          output: toolOutput(pairs[0].tmp),
          ...(await sheetTextOf(ctx, p, video, dir, probe)),
        });
    await runFfmpeg({
      args,
      input: videoInput(ctx, video),
      outputDirFd: dir.fd,
      signal: ctx.signal,
      onStderrLine: (l) => isFrameShownLine(l) && progress(++shown / (times.length + 1)),
    }).catch((err) => {
      throw toolFailureMessage(err);
    });
    for (const { tmp } of pairs)
      if (!existsSync(inFolder(dir, tmp))) throw new Error(`ffmpeg wrote no image for ${video.virtual}`);
    await publishOutputs(ctx, dir, pairs);
  } finally {
    await removeTemps(
      dir,
      pairs.map((x) => x.tmp),
    );
  }
  progress(1);
  if (!p.singleImages) return firstOut;
  const skipped = finals.length - wanted.length;
  return `${wanted.length} images of ${video.virtual}${skipped ? ` (${skipped} existing skipped)` : ""}`;
}

/** Seconds read after each seek: enough for a few frames even at a slow frame rate. */
function readSecondsFor(frameRate: number): number {
  return Math.max(1, Math.ceil(3 / (frameRate > 0 ? frameRate : 25)));
}

/**
 * The header and time labels of a sheet (sheetText), the header's text file in the task's temp dir; the video's size
 * is read in its pinned folder `dir`.
 */
async function sheetTextOf(
  ctx: TaskContext,
  p: MkThumbParams,
  video: VideoFile,
  dir: PinnedDir,
  probe: ProbeResult,
): Promise<SheetText> {
  const frameWidth = p.width || probe.width;
  await mkdir(ctx.tempDir, { recursive: true });
  return sheetText({
    fileName: basename(video.abs),
    sizeBytes: (await stat(inFolder(dir, video.abs))).size,
    probe,
    comment: p.comment,
    frameWidth,
    sheetWidth: sheetLayout(p.numcaps, p.columns).columns * frameWidth,
    textFile: join(ctx.tempDir, `header-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`),
    signal: ctx.signal,
  });
}
