/**
 * @module Helpers of the on-demand HLS tests: read a media playlist, probe a fetched segment with ffprobe, read the
 * encoder counts of the debug header, and list the ffmpeg processes a test server runs.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The segments of a media playlist: each EXTINF length and its URI. */
export function parseMediaPlaylist(text: string): {
  targetDuration: number;
  ended: boolean;
  segments: { durationS: number; uri: string }[];
} {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines[0] !== "#EXTM3U") throw new Error(`not a playlist: ${text.slice(0, 80)}`);
  const segments: { durationS: number; uri: string }[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    const inf = /^#EXTINF:([\d.]+),/.exec(line);
    if (inf) pending = Number(inf[1]);
    else if (!line.startsWith("#") && pending !== null) {
      segments.push({ durationS: pending, uri: line });
      pending = null;
    }
  }
  const target = /#EXT-X-TARGETDURATION:(\d+)/.exec(text);
  return { targetDuration: target ? Number(target[1]) : NaN, ended: lines.includes("#EXT-X-ENDLIST"), segments };
}

/** What ffprobe reads from an MPEG-TS segment. */
export interface ProbedSegment {
  format: string;
  video: { codec: string; width: number; height: number; startS: number };
  audio: { codec: string; channels: number } | null;
  durationS: number;
}

/** Probes the bytes of a segment with ffprobe (through a temp file). */
export function probeSegment(bytes: Uint8Array): ProbedSegment {
  const dir = mkdtempSync(join(tmpdir(), "fbe-seg-"));
  try {
    const file = join(dir, "seg.ts");
    writeFileSync(file, bytes);
    const out = execFileSync(
      "ffprobe",
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
      { encoding: "utf8" },
    );
    type S = {
      codec_type: string;
      codec_name: string;
      width: number;
      height: number;
      channels: number;
      start_time: string;
    };
    const j = JSON.parse(out) as { format: { format_name: string; duration: string }; streams: S[] };
    const v = j.streams.find((s) => s.codec_type === "video");
    const a = j.streams.find((s) => s.codec_type === "audio");
    if (!v) throw new Error("segment has no video stream");
    return {
      format: j.format.format_name,
      video: { codec: v.codec_name, width: v.width, height: v.height, startS: Number(v.start_time) },
      audio: a ? { codec: a.codec_name, channels: a.channels } : null,
      durationS: Number(j.format.duration),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The encoder counts of the X-Hls-Encoders debug header (`running=1; peak=2; started=5; max=2`). */
export function encoderCounts(res: Response): { running: number; peak: number; started: number; max: number } {
  const h = res.headers.get("x-hls-encoders");
  if (!h) throw new Error("no X-Hls-Encoders header: start the server with FBE_HLS_DEBUG=1");
  const v = Object.fromEntries(
    h
      .split(";")
      .map((p) => p.trim().split("="))
      .map(([k, n]) => [k, Number(n)]),
  );
  return { running: v.running, peak: v.peak, started: v.started, max: v.max };
}

/** The ffmpeg processes running now whose arguments name a path under `dir` (a test server's home: its cache). */
export function ffmpegUnder(dir: string): string[] {
  return ffmpegProcesses(dir).map((p) => p.args);
}

/** The ids of those processes (to clean up after a test that left them on purpose). */
export function ffmpegPids(dir: string): number[] {
  return ffmpegProcesses(dir).map((p) => p.pid);
}

function ffmpegProcesses(dir: string): { pid: number; args: string }[] {
  const out = execFileSync("ps", ["-ww", "-eo", "pid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => /^\s*(\d+) (.*)$/.exec(l))
    .flatMap((m) => (m && m[2].startsWith("ffmpeg ") && m[2].includes(dir) ? [{ pid: Number(m[1]), args: m[2] }] : []));
}
