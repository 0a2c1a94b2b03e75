/**
 * @module `?probe=yes` figures: the latency of GET /api/resources/{video}?probe=yes of the built binary (the video
 * metadata, embedded subtitle list and sidecar search) for a short clip and a 20-minute video, beside running
 * `ffprobe -v error -print_format json -show_format -show_streams` on the same file by hand. RUNS of each, one
 * after the other alternating, page cache warm; median and 90th percentile. The videos are made with lavfi
 * (the 20-minute one: one encoded minute at 320x180 looped with `-c copy`); making them is not timed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";
import { machineNote, median, percentile, runTimed } from "./bench-stats";

const RUNS = 30;
const LONG_MINUTES = 20;

const ffmpeg = (args: string[]) => runTimed(["ffmpeg", "-nostdin", "-v", "error", "-y", ...args]);
const lavfi = (size: string, seconds: number) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc2=size=${size}:rate=25:duration=${seconds}`,
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:duration=${seconds}`,
];
const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "250", "-c:a", "aac"];

/** A 10 s 1280x720 H.264/AAC mp4 with one English mov_text subtitle track. */
async function makeShort(dir: string): Promise<string> {
  const srt = join(dir, "cues.srt");
  await Bun.write(srt, "1\n00:00:01,000 --> 00:00:03,000\nHello\n\n2\n00:00:05,000 --> 00:00:07,000\nAgain\n");
  const out = join(dir, "short.mp4");
  await ffmpeg([
    ...lavfi("1280x720", 10),
    "-i",
    srt,
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    ...h264,
    "-c:s",
    "mov_text",
    "-metadata:s:s:0",
    "language=eng",
    out,
  ]);
  return out;
}

/** A LONG_MINUTES-minute 320x180 H.264/AAC mkv: one encoded minute looped by copying packets. */
async function makeLong(dir: string): Promise<string> {
  const minute = join(dir, "minute.mkv");
  await ffmpeg([...lavfi("320x180", 60), ...h264, minute]);
  const out = join(dir, "long.mkv");
  await ffmpeg(["-stream_loop", String(LONG_MINUTES - 1), "-i", minute, "-c", "copy", out]);
  rmSync(minute);
  return out;
}

/** Seconds of one GET ?probe=yes of `name`; throws unless it answers 200 with a video duration. */
async function probeOnce(url: string, token: string, name: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/api/resources/${name}?probe=yes`, { headers: { "X-Auth": token } });
  const body = (await res.json()) as { metainfo?: { Duration?: number } };
  const s = (performance.now() - t) / 1000;
  if (res.status !== 200 || !((body.metainfo?.Duration ?? 0) > 0))
    throw new Error(`probe of ${name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return s;
}

const ms = (s: number) => `${(s * 1000).toFixed(1).padStart(7)} ms`;

/** Rows of one video: server and by-hand median and p90, and their ratio. */
async function measure(url: string, token: string, dir: string, name: string, label: string): Promise<string[]> {
  const load = machineNote();
  const hand = ["ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", join(dir, name)];
  await probeOnce(url, token, name); // warm the page cache and the route
  await runTimed(hand);
  const server: number[] = [];
  const byHand: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    server.push(await probeOnce(url, token, name));
    byHand.push(await runTimed(hand));
  }
  return [
    `${label}, ${RUNS} runs each (${load})`,
    `  ${"".padEnd(37)}${"median".padStart(10)}${"p90".padStart(11)}`,
    `  GET ?probe=yes through the binary     ${ms(median(server))} ${ms(percentile(server, 90))}   x${(median(server) / median(byHand)).toFixed(2)} of by hand`,
    `  ffprobe -print_format json by hand    ${ms(median(byHand))} ${ms(percentile(byHand, 90))}`,
  ];
}

/** Runs the benchmark and returns printable rows. */
export async function benchProbe(): Promise<string[]> {
  for (const tool of ["ffmpeg", "ffprobe"])
    if (!Bun.which(tool)) throw new Error(`bench/probe.ts needs ${tool} on PATH`);
  const dir = mkdtempSync(join(tmpdir(), "fbe-bench-probe-"));
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-probe-home-"));
  const server = await startBinary(BINARY, dir, home);
  try {
    const token = await benchLogin(server.url);
    await makeShort(dir);
    await makeLong(dir);
    return [
      ...(await measure(server.url, token, dir, "short.mp4", "10 s 1280x720 H.264 mp4 with a mov_text track")),
      ...(await measure(server.url, token, dir, "long.mkv", `${LONG_MINUTES}-minute 320x180 H.264 mkv`)),
    ];
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchProbe()) console.log(l);
