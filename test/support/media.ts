/**
 * @module Tiny test videos made with ffmpeg's lavfi sources (testsrc2 pictures, sine sound) and subtitle tracks
 * muxed from generated SRT text: each takes well under a second to make.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isToolAvailable } from "../../src/server/tools/available";

/** The SRT cues every generated subtitle track carries (times in seconds). */
export const TEST_CUES = [
  { start: 0.2, end: 0.9, text: "Hello subtitles" },
  { start: 1.1, end: 1.8, text: "Second line" },
] as const;

/** Fails with a message naming the tool when ffmpeg or ffprobe is missing (no silent skip: npm test installs the tools). */
export function requireMediaTools(): void {
  for (const t of ["ffmpeg", "ffprobe"]) {
    if (!isToolAvailable(t))
      throw new Error(`${t} is not installed: the media task tests need it (npm test installs it)`);
  }
}

function srtTime(s: number): string {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
}

/** Writes an SRT file of TEST_CUES, each text prefixed with `label`, and returns its path. */
function writeSrt(dir: string, label: string): string {
  const path = join(dir, `.cues-${label}.srt`);
  writeFileSync(
    path,
    TEST_CUES.map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${label} ${c.text}\n`).join("\n"),
  );
  return path;
}

/**
 * Runs ffmpeg quietly with `args` (overwriting outputs); throws with its stderr when it fails. Through
 * node:child_process, so the browser tests (Playwright runs under Node) make their media with it too.
 */
export function ffmpeg(args: string[]): Promise<void> {
  const all = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args];
  return new Promise((resolve, reject) => {
    execFile("ffmpeg", all, (err, _out, stderr) =>
      err ? reject(new Error(`ffmpeg ${args.join(" ")} failed: ${stderr}`)) : resolve(),
    );
  });
}

/** lavfi picture and sound inputs of `seconds`, `size` pixels at 25 fps. */
const sources = (seconds: number, size: string) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc2=size=${size}:rate=25:duration=${seconds}`,
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:duration=${seconds}`,
];
const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];

/** A video without subtitles (mp4, or whatever `name`'s extension says), `seconds` long at 320x240. */
export async function makeVideo(dir: string, name: string, seconds = 2, size = "320x240"): Promise<string> {
  const out = join(dir, name);
  await ffmpeg([...sources(seconds, size), ...h264, "-t", String(seconds), out]);
  return out;
}

/** A 2 s 320x240 mp4 with one mov_text track tagged English ("eng"). */
export async function makeMp4WithMovText(dir: string, name = "clip.mp4"): Promise<string> {
  const out = join(dir, name);
  await ffmpeg([
    ...sources(2, "320x240"),
    "-i",
    writeSrt(dir, "EN"),
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    ...h264,
    "-t",
    "2",
    "-c:s",
    "mov_text",
    "-metadata:s:s:0",
    "language=eng",
    out,
  ]);
  return out;
}

/**
 * A 2 s mkv with three subtitle tracks: #0 SRT English, #1 ASS without language, #2 SRT English again (so two
 * streams share a language). ffmpeg cannot encode PGS, so picture tracks are covered by the ffprobe parser tests.
 */
export async function makeMkvWithSubs(dir: string, name = "clip.mkv"): Promise<string> {
  const out = join(dir, name);
  await ffmpeg([
    ...sources(2, "320x240"),
    "-i",
    writeSrt(dir, "EN"),
    "-i",
    writeSrt(dir, "ASS"),
    "-i",
    writeSrt(dir, "EN2"),
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    "-map",
    "3",
    "-map",
    "4",
    ...h264,
    "-t",
    "2",
    "-c:s:0",
    "srt",
    "-c:s:1",
    "ass",
    "-c:s:2",
    "srt",
    "-metadata:s:s:0",
    "language=eng",
    "-metadata:s:s:1",
    "language=und",
    "-metadata:s:s:2",
    "language=eng",
    out,
  ]);
  return out;
}

/**
 * A video that is slow to thumbnail but quick to make: 2 s of 1920x1080 with a single keyframe, repeated `loops`
 * times without re-encoding (`-c copy`), so every seek decodes up to 2 s of full-HD frames.
 */
export async function makeSlowVideo(dir: string, name = "long.mkv", loops = 30): Promise<string> {
  const unit = join(dir, ".unit.mkv");
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1920x1080:rate=25:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-g",
    "1000",
    unit,
  ]);
  const out = join(dir, name);
  await ffmpeg(["-stream_loop", String(loops - 1), "-i", unit, "-c", "copy", out]);
  return out;
}

/**
 * A flat grey `seconds`-long 160x120 mp4 with a keyframe exactly every `keyframeEveryS` seconds (no scene-cut extras),
 * so a keyframe seek lands at a known time before the asked one.
 */
export async function makeKeyframeVideo(
  dir: string,
  name: string,
  seconds: number,
  keyframeEveryS: number,
): Promise<string> {
  const out = join(dir, name);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `color=gray:size=160x120:rate=25:duration=${seconds}`,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-g",
    String(keyframeEveryS * 25),
    "-sc_threshold",
    "0",
    "-pix_fmt",
    "yuv420p",
    out,
  ]);
  return out;
}

/** What ffprobe reads back from a subtitle file: its format and each cue's start and length in seconds. */
export async function probeSubtitleFile(
  path: string,
): Promise<{ format: string; cues: { start: number; duration: number }[] }> {
  const p = Bun.spawn(["ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_packets", path], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, code] = [await new Response(p.stdout).text(), await p.exited];
  if (code !== 0) throw new Error(`ffprobe cannot read ${path}: ${await new Response(p.stderr).text()}`);
  const j = JSON.parse(out) as {
    format: { format_name: string };
    packets?: { pts_time: string; duration_time: string }[];
  };
  return {
    format: j.format.format_name,
    cues: (j.packets ?? []).map((k) => ({ start: Number(k.pts_time), duration: Number(k.duration_time) })),
  };
}

/** Width, height and codec of an image (or a video's first stream), read by ffprobe. */
export async function probeImage(path: string): Promise<{ width: number; height: number; codec: string }> {
  const p = Bun.spawn(["ffprobe", "-v", "error", "-print_format", "json", "-show_streams", path], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, code] = [await new Response(p.stdout).text(), await p.exited];
  if (code !== 0) throw new Error(`ffprobe cannot read ${path}: ${await new Response(p.stderr).text()}`);
  const s = (JSON.parse(out) as { streams: { width: number; height: number; codec_name: string }[] }).streams[0];
  return { width: s.width, height: s.height, codec: s.codec_name };
}

/**
 * Fills `dir` with copies of fixture files: each key is a path under `dir`, each value a file name in `fixturesDir`,
 * or "text:..." to write that text instead (a fake video, a text file).
 */
export function fillFolder(dir: string, fixturesDir: string, files: Record<string, string>): void {
  for (const [rel, fixture] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    if (fixture.startsWith("text:")) writeFileSync(join(dir, rel), fixture.slice(5));
    else copyFileSync(join(fixturesDir, fixture), join(dir, rel));
  }
}
