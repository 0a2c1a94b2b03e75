/**
 * @module Contact sheet figures: the mkthumb task (defaults: 16 frames, 4 columns, 512 px, header, a time on each
 * frame) on a 20-minute 1280x720 H.264 video through the task connection of the built binary (send -> done message),
 * beside the same ffmpeg command run by hand (built by the kind's own builders), a whole-file decode with a select filter (what a sheet costs without input seeking),
 * and the task's ffprobe alone. Median of 5, alternating, page cache warm. The video is one
 * minute of lavfi testsrc2 (x264 ultrafast, keyframe every 250 frames) looped 20 times with `-c copy`; making it is
 * not timed, and it is deleted afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { buildContactSheetArgs, frameTimes, sheetLayout, useKeyframeSeek } from "../src/server/tools/ffmpeg-frames";
import { buildProbeArgs, runProbe } from "../src/server/tools/ffprobe";
import { TASK_DEFAULTS } from "../src/shared/wire/task";
import { sheetText } from "../src/tasks/kinds/contact-sheet-header";
import { BINARY } from "../scripts/build";
import { startBinary } from "./bench-server";
import { openBenchTaskSocket, timeTaskRequest } from "./bench-tasks-socket";

const MINUTES = 20;
const RUNS = 5;

async function run(cmd: string[]): Promise<number> {
  const t = performance.now();
  const p = Bun.spawn(cmd, { stdout: "ignore", stderr: "pipe" });
  const code = await p.exited;
  if (code !== 0)
    throw new Error(`${cmd.slice(0, 3).join(" ")} failed: ${(await new Response(p.stderr).text()).slice(-300)}`);
  return (performance.now() - t) / 1000;
}

/** The 20-minute video: one encoded minute, then looped by copying packets. */
async function makeVideo(dir: string): Promise<string> {
  const minute = join(dir, "minute.mp4");
  await run([
    "ffmpeg",
    "-nostdin",
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1280x720:rate=25:duration=60",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=60",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-g",
    "250",
    "-c:a",
    "aac",
    minute,
  ]);
  const out = join(dir, "twenty-minutes.mp4");
  await run([
    "ffmpeg",
    "-nostdin",
    "-v",
    "error",
    "-stream_loop",
    String(MINUTES - 1),
    "-i",
    minute,
    "-c",
    "copy",
    out,
  ]);
  rmSync(minute);
  return out;
}

/** The ffmpeg command the kind runs for `video` with the default params, writing to `out`. */
async function handCommand(dir: string, video: string, out: string): Promise<string[]> {
  const d = TASK_DEFAULTS.mkthumb;
  const probe = await runProbe(video, new AbortController().signal);
  const sheetWidth = sheetLayout(d.numcaps, d.columns).columns * d.width;
  const text = await sheetText({
    fileName: basename(video),
    sizeBytes: probe.sizeBytes,
    probe,
    comment: d.comment,
    frameWidth: d.width,
    sheetWidth,
    textFile: join(dir, "header.txt"),
    signal: new AbortController().signal,
  });
  const times = frameTimes(probe.videoDurationS, d.numcaps, probe.frameRate);
  return [
    "ffmpeg",
    ...buildContactSheetArgs({
      input: { path: video, demuxer: probe.demuxer },
      times,
      width: d.width,
      readSeconds: 1,
      keyframeSeek: useKeyframeSeek(probe.videoDurationS, d.numcaps),
      format: "jpg",
      overwrite: true,
      columns: d.columns,
      output: out,
      ...text,
    }),
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs the benchmark and returns printable rows. */
export async function benchContactSheet(): Promise<string[]> {
  for (const tool of ["ffmpeg", "ffprobe"])
    if (!Bun.which(tool)) throw new Error(`bench/contact-sheet.ts needs ${tool} on PATH`);
  const dir = mkdtempSync(join(tmpdir(), "fbe-bench-sheet-"));
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-sheet-home-"));
  const server = await startBinary(BINARY, dir, home);
  try {
    const ws = await openBenchTaskSocket(server.url);
    const video = await makeVideo(dir);
    const hand = await handCommand(dir, video, join(dir, "hand.jpg"));
    const d = TASK_DEFAULTS.mkthumb;
    const selectEvery = Math.round((MINUTES * 60 * 25) / d.numcaps);
    const whole = [
      "ffmpeg",
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-i",
      video,
      "-vf",
      `select=not(mod(n\\,${selectEvery})),scale=${d.width}:-2,tile=${d.columns}x${d.numcaps / d.columns}`,
      "-frames:v",
      "1",
      join(dir, "whole.jpg"),
    ];
    const times = { kind: [] as number[], hand: [] as number[], probe: [] as number[] };
    const request = { Task: "mkthumb" as const, TargetPath: `/${basename(video)}`, Params: { overwrite: true } };
    await timeTaskRequest(ws, request); // warm the page cache and the font lookup
    for (let i = 0; i < RUNS; i++) {
      times.kind.push(await timeTaskRequest(ws, request));
      times.hand.push(await run(hand));
      times.probe.push(await run(["ffprobe", ...buildProbeArgs(video)]));
    }
    ws.close();
    const wholeS = await run(whole);
    return [
      `20-minute 1280x720 H.264 video, 16 frames x 512 px, 4 columns, header, frame times (median of ${RUNS})`,
      `  through the task (send -> done)        ${median(times.kind).toFixed(2)} s`,
      `  same ffmpeg command by hand            ${median(times.hand).toFixed(2)} s`,
      `  its ffprobe by hand                    ${median(times.probe).toFixed(2)} s`,
      `  whole-file decode with select (1 run)  ${wholeS.toFixed(2)} s`,
    ];
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchContactSheet()) console.log(l);
