/**
 * @module Test helpers of the WebVTT and frame URLs: a log of every ffmpeg/ffprobe the server starts (wrapper scripts
 * first on its PATH), a Matroska file with a picture (PGS) subtitle track, flat-colour videos whose colour changes at
 * known times, WebVTT parsing (media-captions, the parser the Vidstack player uses) and pixel colours (sharp).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseText } from "media-captions";
import { ffmpeg } from "./media";
import { call } from "./factories";
import type { TestServer } from "./server";

/** The file name players and shells trip over: spaces, quotes, a command substitution and non-ASCII letters. */
export const AWKWARD_NAME = `we ird 'q" $(touch pwned) é字`;

/** A resource path as it goes into a URL: each segment percent-encoded. */
export const encodePath = (path: string): string => path.split("/").map(encodeURIComponent).join("/");

/** A media token of `path` minted with the login token `login` (GET /api/media-token{path}). */
export async function mintMediaToken(server: TestServer, login: string, path: string): Promise<string> {
  const res = await call(server, login, "GET", `/media-token${encodePath(path)}`);
  if (res.status !== 200) throw new Error(`minting a media token of ${path} failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Wrapper scripts that log each run of the media tools, then exec the real ones. */
export interface SpawnLog {
  /** Environment for startServer: PATH with the wrappers first. */
  env: Record<string, string>;
  /** Runs of `tool` ("ffmpeg" or "ffprobe") since the start. */
  count: (tool: string) => number;
}

/** Makes the wrappers of ffmpeg and ffprobe in a temp folder. */
export function spawnLog(): SpawnLog {
  const dir = mkdtempSync(join(tmpdir(), "fbe-spawn-log-"));
  const log = join(dir, "runs.log");
  for (const tool of ["ffmpeg", "ffprobe"]) {
    const real = Bun.which(tool);
    if (!real) throw new Error(`${tool} is not installed: the media URL tests need it`);
    writeFileSync(join(dir, tool), `#!/bin/sh\necho ${tool} >> '${log}'\nexec '${real}' "$@"\n`);
    chmodSync(join(dir, tool), 0o755);
  }
  return {
    env: { PATH: `${dir}:${process.env.PATH ?? ""}` },
    count: (tool) =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((l) => l === tool).length
        : 0,
  };
}

/**
 * A 2 s 320x240 Matroska file whose one subtitle track is PGS (hdmv_pgs_subtitle, Blu-ray pictures). ffmpeg cannot
 * encode PGS, so the track is remuxed from a hand-made .sup stream: two display sets of a presentation composition
 * segment (0x16) and an end segment (0x80) each, as laid out in the Blu-ray PGS format ("PG", PTS, DTS, type, size).
 */
export async function makePgsMkv(dir: string, name: string): Promise<string> {
  const segment = (pts: number, type: number, data: number[]) => {
    const head = Buffer.alloc(13);
    head.write("PG", 0, "latin1");
    head.writeUInt32BE(pts, 2);
    head.writeUInt8(type, 10);
    head.writeUInt16BE(data.length, 11);
    return Buffer.concat([head, Buffer.from(data)]);
  };
  const composition = [0x01, 0x40, 0x00, 0xf0, 0x10, 0, 0, 0x80, 0, 0, 0]; // 320x240, 25 fps, epoch start, no objects
  const sup = join(dir, ".pictures.sup");
  writeFileSync(
    sup,
    Buffer.concat([
      segment(18000, 0x16, composition),
      segment(18000, 0x80, []),
      segment(90000, 0x16, composition),
      segment(90000, 0x80, []),
    ]),
  );
  const out = join(dir, name);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=25:duration=2",
    "-i",
    sup,
    "-map",
    "0",
    "-map",
    "1",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:s",
    "copy",
    out,
  ]);
  return out;
}

/** A video of flat colours, each `[colour, seconds]` in turn, `size` px at `fps`, H.264 in the container of `name`. */
export async function makeColourVideo(
  dir: string,
  name: string,
  parts: [string, number][],
  size = "320x240",
  fps = 25,
): Promise<string> {
  const inputs = parts.flatMap(([c, d]) => [
    "-f",
    "lavfi",
    "-i",
    `color=c=${c}:size=${size}:rate=${fps}:duration=${d}`,
  ]);
  const out = join(dir, name);
  await ffmpeg([
    ...inputs,
    "-filter_complex",
    `${parts.map((_, i) => `[${i}]`).join("")}concat=n=${parts.length}:v=1:a=0`,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    out,
  ]);
  return out;
}

/** One parsed cue: times in seconds and its text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Parses WebVTT strictly; throws when it is not valid WebVTT (missing header, bad timings). */
export async function parseVtt(text: string): Promise<Cue[]> {
  if (!text.startsWith("WEBVTT")) throw new Error(`not WebVTT: ${text.slice(0, 40)}`);
  const r = await parseText(text, { strict: true });
  if (r.errors.length > 0) throw new Error(`bad WebVTT: ${r.errors.map((e) => e.message).join("; ")}`);
  return r.cues.map((c) => ({ start: c.startTime, end: c.endTime, text: c.text }));
}

/** Width, height and the RGB of the pixel at (x, y) of a JPEG or PNG. */
export async function pixelAt(
  image: Uint8Array,
  x: number,
  y: number,
): Promise<{ width: number; height: number; rgb: number[] }> {
  const sharp: typeof import("sharp").default = require("sharp");
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return { width: info.width, height: info.height, rgb: [data[i]!, data[i + 1]!, data[i + 2]!] };
}

/** True when `rgb` is close to pure `colour` ("red", "blue", "lime"), allowing for JPEG and YUV rounding. */
export function looksLike(rgb: number[], colour: "red" | "blue" | "lime"): boolean {
  const want = { red: [255, 0, 0], blue: [0, 0, 255], lime: [0, 255, 0] }[colour];
  return rgb.every((v, i) => Math.abs(v - want[i]!) < 60);
}
