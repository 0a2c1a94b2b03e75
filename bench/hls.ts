/**
 * @module On-demand HLS figures of the built binary at 720p-2 Mbps: the time to the first segment on a cold cache
 * beside a plain ffmpeg run encoding the same 4 s with the same arguments (buildHlsArgs), a seek to the middle of a
 * 20-minute video (time to that playable segment) beside plain ffmpeg with the same input seek, and the CPU seconds
 * per minute of output (the server's reaped children, /proc/PID/stat cutime+cstime) beside plain ffmpeg's own
 * (resource usage). RUNS of each, alternating; every server run uses a fresh hard link of the source (a new cache
 * key) so nothing is cached. The 20-minute 1280x720 source is one encoded minute looped with `-c copy`.
 */
import { linkSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";
import { machineNote, median, runTimed } from "./bench-stats";
import { buildHlsArgs, type HlsEncodeOptions } from "../src/server/tools/ffmpeg-hls";
import { HLS_SEGMENT_SECONDS } from "../src/shared/wire/video";

const RUNS = 5;
const MINUTES = 20;
/** The bench server stops idle encoders after this long (ms), and runs wait a little longer between each other. */
const IDLE_MS = 1000;
/** Linux clock ticks per second of /proc/PID/stat times (USER_HZ, 100 on every mainstream kernel). */
const CLOCK_TICKS = 100;

const ffmpeg = (args: string[]) => runTimed(["ffmpeg", "-nostdin", "-v", "error", "-y", ...args]);

/** One 60 s 1280x720 H.264/AAC mkv (10 s GOP, 2 Mbit/s) and a MINUTES-long copy-looped one. */
async function makeSources(dir: string): Promise<{ minute: string; long: string }> {
  const minute = join(dir, "minute.mkv");
  await ffmpeg([
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
    "-b:v",
    "2M",
    "-g",
    "250",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    minute,
  ]);
  const long = join(dir, "long.mkv");
  await ffmpeg(["-stream_loop", String(MINUTES - 1), "-i", minute, "-c", "copy", long]);
  return { minute, long };
}

/** The server's arguments for one run, cut to `seconds` of output into a temp folder (plain ffmpeg's job). */
function plainArgs(o: Omit<HlsEncodeOptions, "outDir" | "pattern">, seconds: number, out: string): string[] {
  const args = buildHlsArgs({ ...o, outDir: out, pattern: "seg-%d.ts" });
  const at = args.indexOf("-f", args.indexOf("-i"));
  return [...args.slice(0, at), "-t", String(seconds), ...args.slice(at)];
}

/** Seconds and CPU seconds (user + system) of a plain ffmpeg run of `args`. */
async function plainRun(args: string[]): Promise<{ s: number; cpuS: number }> {
  const t = performance.now();
  const p = Bun.spawn(["ffmpeg", ...args], { stdout: "ignore", stderr: "pipe" });
  const err = new Response(p.stderr).text();
  if ((await p.exited) !== 0) throw new Error(`ffmpeg failed: ${(await err).slice(-300)}`);
  const use = p.resourceUsage();
  return { s: (performance.now() - t) / 1000, cpuS: use ? Number(use.cpuTime.user + use.cpuTime.system) / 1e6 : NaN };
}

/** CPU seconds of the reaped children of `pid` (cutime + cstime of /proc/PID/stat). */
function childCpuS(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[13]) + Number(f[14])) / CLOCK_TICKS;
}

/** Seconds of one GET; throws unless 200. */
async function timedGet(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return (performance.now() - t) / 1000;
}

/** The X-Hls-Encoders counts of a playlist answer (the server runs with FBE_HLS_DEBUG=1). */
async function encoderCounts(playlistUrl: string): Promise<{ running: number; started: number }> {
  const res = await fetch(playlistUrl);
  await res.arrayBuffer();
  const h = res.headers.get("x-hls-encoders") ?? "";
  return { running: Number(/running=(\d+)/.exec(h)?.[1] ?? NaN), started: Number(/started=(\d+)/.exec(h)?.[1] ?? NaN) };
}

/** Waits until the server runs no encoder (stopped as idle or finished, and reaped). */
async function untilNoEncoder(playlistUrl: string): Promise<void> {
  for (;;) {
    const { running } = await encoderCounts(playlistUrl);
    if (Number.isNaN(running)) throw new Error("no X-Hls-Encoders header: the server must run with FBE_HLS_DEBUG=1");
    if (running === 0) break;
    await Bun.sleep(200);
  }
  await Bun.sleep(200);
}

const ms = (s: number) => `${(s * 1000).toFixed(0).padStart(6)} ms`;
const ratio = (a: number, b: number) => `x${(a / b).toFixed(2)}`;

/** Runs the benchmark and returns printable rows. */
export async function benchHls(): Promise<string[]> {
  for (const tool of ["ffmpeg", "ffprobe"]) if (!Bun.which(tool)) throw new Error(`bench/hls.ts needs ${tool} on PATH`);
  const dir = mkdtempSync(join(tmpdir(), "fbe-bench-hls-"));
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-hls-home-"));
  const out = mkdtempSync(join(tmpdir(), "fbe-bench-hls-out-"));
  const { minute, long } = await makeSources(dir);
  const server = await startBinary(BINARY, dir, home, [], { FBE_HLS_IDLE_MS: String(IDLE_MS), FBE_HLS_DEBUG: "1" });
  try {
    const token = await benchLogin(server.url);
    const url = (name: string, q: string) => `${server.url}/api/playlist/${name}?auth=${token}&res=720-2${q}`;
    const segments = (MINUTES * 60) / HLS_SEGMENT_SECONDS;
    const middle = segments / 2;
    const job = {
      input: { path: long, demuxer: "matroska" },
      videoStream: 0,
      encoder: "libx264",
      height: 720,
      mbps: 2,
      segmentCount: segments,
      segmentS: HLS_SEGMENT_SECONDS,
    };
    // Warm-up: the binary's encoder probe, the page cache of the source and of ffmpeg itself.
    linkSync(long, join(dir, "warm.mkv"));
    await timedGet(url("warm.mkv", "&seg=0"));
    await plainRun(plainArgs({ ...job, startSegment: 0 }, 4, out));
    const load = machineNote();
    const first: number[] = [],
      firstWithPlaylist: number[] = [],
      seek: number[] = [],
      plainFirst: number[] = [],
      plainSeek: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      console.error(`hls bench: run ${i + 1} of ${RUNS}`);
      await untilNoEncoder(url("warm.mkv", ""));
      const name = `run-${i}.mkv`;
      linkSync(long, join(dir, name));
      const playlist = await timedGet(url(name, ""));
      const seg = await timedGet(url(name, "&seg=0"));
      first.push(seg);
      firstWithPlaylist.push(playlist + seg);
      seek.push(await timedGet(url(name, `&seg=${middle}`)));
      await untilNoEncoder(url(name, ""));
      plainFirst.push((await plainRun(plainArgs({ ...job, startSegment: 0 }, 4, out))).s);
      plainSeek.push((await plainRun(plainArgs({ ...job, startSegment: middle }, 4, out))).s);
    }
    // CPU of one minute of output: every segment of the 60 s source, the encoder ending at the file's end.
    await untilNoEncoder(url("minute.mkv", ""));
    const before = childCpuS(server.proc.pid);
    const runsBefore = (await encoderCounts(url("minute.mkv", ""))).started;
    for (let n = 0; n < 60 / HLS_SEGMENT_SECONDS; n++) await timedGet(url("minute.mkv", `&seg=${n}`));
    await untilNoEncoder(url("minute.mkv", ""));
    const serverCpu = childCpuS(server.proc.pid) - before;
    const runs = (await encoderCounts(url("minute.mkv", ""))).started - runsBefore;
    const plainCpu = (
      await plainRun(
        plainArgs({ ...job, input: { path: minute, demuxer: "matroska" }, segmentCount: 15, startSegment: 0 }, 60, out),
      )
    ).cpuS;
    return [
      `720p-2 Mbps from a 1280x720 H.264 source, ${RUNS} runs each, medians (${load})`,
      `  first segment, cold cache               ${ms(median(first))}   ${ratio(median(first), median(plainFirst))} of plain ffmpeg`,
      `  playlist + first segment, cold          ${ms(median(firstWithPlaylist))}   ${ratio(median(firstWithPlaylist), median(plainFirst))}`,
      `  plain ffmpeg, same args, 4 s            ${ms(median(plainFirst))}`,
      `  seek to ${MINUTES / 2}:00 of ${MINUTES} min (segment ${middle}) ${ms(median(seek))}   ${ratio(median(seek), median(plainSeek))} of plain ffmpeg`,
      `  plain ffmpeg, same -ss, 4 s             ${ms(median(plainSeek))}`,
      `  CPU per minute of output: server ${serverCpu.toFixed(1)} s (${runs} encoder run), plain ffmpeg ${plainCpu.toFixed(1)} s   ${ratio(serverCpu, plainCpu)}`,
    ];
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    for (const d of [dir, home, out]) rmSync(d, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchHls()) console.log(l);
