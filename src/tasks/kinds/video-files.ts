/**
 * @module What the two video kinds (mkthumb, extract_sub) share: the videos a target stands for (a video, or every
 * video under a folder that the owner's rules allow), outputs written under a temporary name and renamed when
 * complete, and the per-folder progress and summary.
 */
import { readdir, rename, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, posix } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../../server/constants";
import { withPinnedDir, type PinnedDir } from "../../server/fs/beneath";
import { typeFromName } from "../../server/fs/file-type";
import { naturalCompare } from "../../server/fs/natural-order";
import { runProbe, type ProbeResult } from "../../server/tools/ffprobe";
import { TOOL_OUTPUT_DIR, type UserFile } from "../../server/tools/tool-input";
import { MediaContentRefused } from "../../server/tools/media-input";
import { ToolFailed } from "../../server/tools/spawn";
import type { TaskContext, TaskTarget } from "../types";

/** One video a task works on. */
export interface VideoFile {
  abs: string;
  /** Path in the owner's scope, for messages. */
  virtual: string;
}

/**
 * True when the target is a video file or a folder (the only targets of mkthumb and extract_sub, docs/product.md "Task
 * targets").
 */
export function isVideoOrFolder(target: TaskTarget): boolean {
  return target.isDir || target.type === "video";
}

/**
 * The videos of the task's target: the file itself, or for a folder every video in it and in its subfolders, in
 * natural name order. Skipped: hidden entries (names starting with "."; the listing hides them too), symbolic links
 * (they may point out of the scope), in-progress uploads, and whatever the owner's rules deny.
 */
export async function videosOfTarget(ctx: TaskContext): Promise<VideoFile[]> {
  const { target, scope } = ctx;
  if (!target.isDir) return [{ abs: target.abs, virtual: target.path }];
  const found: VideoFile[] = [];
  const walk = async (abs: string, virtual: string): Promise<void> => {
    const entries = await readdir(abs, { withFileTypes: true });
    entries.sort((a, b) => naturalCompare(a.name.toLowerCase(), b.name.toLowerCase()));
    for (const e of entries) {
      if (ctx.signal.aborted) return;
      if (e.name.startsWith(".") || e.name.startsWith(UPLOAD_TEMP_PREFIX) || e.isSymbolicLink()) continue;
      const v = `${virtual === "/" ? "" : virtual}/${e.name}`;
      if (!scope.allows(v)) continue;
      if (e.isDirectory()) await walk(join(abs, e.name), v);
      else if (e.isFile() && typeFromName(e.name) === "video") found.push({ abs: join(abs, e.name), virtual: v });
    }
  };
  await walk(target.abs, target.path);
  return found;
}

/** The virtual path of an output beside `video` (same folder), for messages and rule checks. */
export function virtualBeside(video: VideoFile, outputAbs: string): string {
  return `${dirname(video.virtual) === "/" ? "" : dirname(video.virtual)}/${basename(outputAbs)}`;
}

/**
 * A temporary name in the folder of `finalAbs`, hidden from listings and copies (UPLOAD_TEMP_PREFIX), on the same
 * file system so the final rename is atomic. Tracked at once (by its absolute path, for the clean-up of a cancel or
 * a shutdown), so a cancel or failure removes it; it is written, renamed and removed through the pinned folder only.
 */
export function tempOutput(ctx: TaskContext, finalAbs: string): string {
  const tmp = join(dirname(finalAbs), `${UPLOAD_TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  ctx.trackOutput(tmp);
  return tmp;
}

/**
 * Runs `fn` with the folder of `video` pinned beneath the owner's scope (fs/beneath.ts pinDir), the folder its
 * outputs are created, renamed and removed in (docs/security.md "Paths and races"): a folder on its path swapped for
 * a link out of the scope after the walk cannot send them elsewhere. Closed once `fn` settles.
 * @throws FsError OUTSIDE_SCOPE when the folder now leads out of the scope; whatever `fn` throws.
 */
export function withVideoFolder<T>(ctx: TaskContext, video: VideoFile, fn: (dir: PinnedDir) => Promise<T>): Promise<T> {
  return withPinnedDir(ctx.scope.root, posix.dirname(video.virtual), fn);
}

/** The output `abs` (a file of the video's folder) through the pinned folder `dir`: `/proc/self/fd/N/<name>`. */
export const inFolder = (dir: PinnedDir, abs: string): string => `${dir.path}/${basename(abs)}`;

/** The output `abs` as a tool writing into the pinned folder it inherited names it (runTool `outputDirFd`). */
export const toolOutput = (abs: string): string => `${TOOL_OUTPUT_DIR}/${basename(abs)}`;

/**
 * Moves finished temporary files to their final names inside the pinned folder `dir` (replacing what is there); each
 * final name is tracked first.
 */
export async function publishOutputs(
  ctx: TaskContext,
  dir: PinnedDir,
  pairs: readonly { tmp: string; final: string }[],
): Promise<void> {
  for (const { tmp, final } of pairs) {
    ctx.trackOutput(final);
    await rename(inFolder(dir, tmp), inFolder(dir, final));
  }
}

/** Removes temporary files of the pinned folder `dir` that were not published (quiet when already gone). */
export async function removeTemps(dir: PinnedDir, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => rm(inFolder(dir, p), { force: true })));
}

/**
 * Runs `work` on each video in turn and sums up. A video target's error fails the task; in a folder one broken video
 * does not stop the others: its error is listed in the done message. Cancellation always stops at once.
 * `work` gets a progress callback taking that video's fraction (0-1) and reports the overall percentage.
 */
export async function forEachVideo(
  ctx: TaskContext,
  videos: readonly VideoFile[],
  work: (video: VideoFile, progress: (fraction: number) => void) => Promise<string>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const [i, video] of videos.entries()) {
    const progress = (f: number) => {
      const pct = Math.floor(((i + Math.max(0, Math.min(1, f))) / videos.length) * 100);
      ctx.report(videos.length > 1 ? `${pct}% ${video.virtual}` : `${pct}%`);
    };
    progress(0);
    try {
      lines.push(await work(video, progress));
    } catch (e) {
      if (ctx.signal.aborted || !ctx.target.isDir) throw e;
      lines.push(`${video.virtual}: failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return lines;
}

/**
 * A media tool's failure as a task message: the refusal of text content as it is, any other failure as "`tool`
 * cannot read this file" (a tool's stderr names server paths and the files a playlist pointed at, so it is never
 * shown). Other errors (a cancel's ToolAborted, file system errors) are returned unchanged.
 */
export function toolFailureMessage(err: unknown): unknown {
  if (err instanceof MediaContentRefused) return new Error(err.message);
  if (err instanceof ToolFailed) return new Error(`${err.tool} cannot read this file`);
  return err;
}

/**
 * `video` as the tools open it: beneath the owner's scope, through a descriptor they inherit (tool-input.ts), so a
 * folder on its path swapped for a link after the walk cannot send them elsewhere.
 */
export function videoInput(ctx: TaskContext, video: VideoFile): UserFile {
  return { scope: ctx.scope.root, path: video.virtual };
}

/**
 * The one probe of `video` (its demuxer goes to every later ffmpeg run of it).
 * @throws Error with toolFailureMessage's text when its content is text or ffprobe cannot read it; ToolAborted on cancel.
 */
export async function probeVideoFile(ctx: TaskContext, video: VideoFile): Promise<ProbeResult> {
  return runProbe(videoInput(ctx, video), ctx.signal).catch((err) => {
    throw toolFailureMessage(err);
  });
}
