/**
 * @module Image thumbnail figures: 200 camera-sized JPEGs (1920x1280, lavfi testsrc2 with per-frame grain, ~420 KB
 * each at ffmpeg JPEG quality 3) thumbnailed through GET /api/raw/{img}?thumb=true&w=256 of the built binary by
 * CLIENTS parallel clients, cold (the thumbnail cache folder removed first) and cached (a second pass), beside
 * libvips' own `vipsthumbnail` (Debian libvips-tools) on the same files at the same width and WebP quality, in one
 * process and split across two processes. Median of ROUNDS rounds, page cache warm; making the JPEGs is not timed.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";
import { machineNote, median, runTimed } from "./bench-stats";

const IMAGES = 200;
/** Source picture size, as a camera's 3:2 frame. */
const [SOURCE_W, SOURCE_H] = [1920, 1280];
const WIDTH = 256;
/** Parallel HTTP clients, as a browser opening a mosaic does (it keeps about six connections per origin). */
const CLIENTS = 4;
const ROUNDS = 3;
/** The server encodes thumbnails as WebP quality 80 (src/server/media/thumbnails.ts); vipsthumbnail is given the same. */
const WEBP_QUALITY = 80;

/** Writes IMAGES JPEGs img001.jpg... into `dir`: 1920x1280 test pictures with temporal and uniform grain. */
async function makeImages(dir: string): Promise<string[]> {
  await runTimed([
    "ffmpeg",
    "-nostdin",
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${SOURCE_W}x${SOURCE_H}:rate=25,noise=alls=14:allf=t+u`,
    "-frames:v",
    String(IMAGES),
    "-q:v",
    "3",
    "-pix_fmt",
    "yuvj420p",
    join(dir, "img%03d.jpg"),
  ]);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jpg"))
    .sort();
}

/** Fetches every name's thumbnail with CLIENTS clients working through one shared queue; returns seconds taken. */
async function thumbnailPass(url: string, token: string, names: string[]): Promise<number> {
  const queue = [...names];
  const t = performance.now();
  const client = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const res = await fetch(`${url}/api/raw/${name}?thumb=true&w=${WIDTH}&inline=true&auth=${token}`);
      const body = await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get("content-type") !== "image/webp")
        throw new Error(`thumbnail of ${name}: ${res.status} ${res.headers.get("content-type")}`);
      if (body.byteLength === 0) throw new Error(`empty thumbnail of ${name}`);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return (performance.now() - t) / 1000;
}

/** vipsthumbnail over `files` split into `processes` equal runs at once, writing into `outDir`; seconds taken. */
async function vipsPass(files: string[], processes: number, outDir: string): Promise<number> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir);
  const per = Math.ceil(files.length / processes);
  const t = performance.now();
  await Promise.all(
    Array.from({ length: processes }, (_, i) =>
      runTimed([
        "vipsthumbnail",
        "-s",
        `${WIDTH}x`,
        "-o",
        join(outDir, `%s.webp[Q=${WEBP_QUALITY}]`),
        ...files.slice(i * per, (i + 1) * per),
      ]),
    ),
  );
  const made = readdirSync(outDir).length;
  if (made !== files.length) throw new Error(`vipsthumbnail wrote ${made} of ${files.length} thumbnails`);
  return (performance.now() - t) / 1000;
}

const rate = (s: number) => IMAGES / s;
/** One printed row: images/s, and the ratio to each reference run in `refs` (label -> seconds). */
const row = (label: string, s: number, refs: Record<string, number> = {}) =>
  `  ${label.padEnd(36)}${rate(s).toFixed(1).padStart(7)} images/s` +
  Object.entries(refs)
    .map(([name, refS]) => `   x${(rate(s) / rate(refS)).toFixed(2)} of ${name}`)
    .join("");

/** Width and height of the WebP thumbnail `data`, as sharp reads them. */
async function thumbSize(data: ArrayBuffer): Promise<string> {
  const sharp: typeof import("sharp").default = require("sharp");
  const m = await sharp(Buffer.from(data)).metadata();
  return `${m.width}x${m.height}`;
}

/** Runs the benchmark and returns printable rows. */
export async function benchThumbnails(): Promise<string[]> {
  if (!Bun.which("ffmpeg")) throw new Error("bench/thumbnails.ts needs ffmpeg on PATH to make its JPEGs");
  const dir = mkdtempSync(join(tmpdir(), "fbe-bench-thumbs-"));
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-thumbs-home-"));
  const vipsOut = mkdtempSync(join(tmpdir(), "fbe-bench-vips-"));
  const server = await startBinary(BINARY, dir, home);
  const vips = Bun.which("vipsthumbnail");
  try {
    const token = await benchLogin(server.url);
    const load = machineNote();
    const names = await makeImages(dir);
    const files = names.map((n) => join(dir, n));
    // The server's cache dir is <database dir>/.cache (src/server/config/load.ts); thumbnails live in its thumbs/.
    const cache = join(home, ".cache", "thumbs");
    await thumbnailPass(server.url, token, names.slice(0, CLIENTS)); // loads sharp and libvips once
    const times = { cold: [] as number[], cached: [] as number[], vips1: [] as number[], vips2: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      rmSync(cache, { recursive: true, force: true });
      times.cold.push(await thumbnailPass(server.url, token, names));
      times.cached.push(await thumbnailPass(server.url, token, names));
      if (vips) {
        times.vips1.push(await vipsPass(files, 1, vipsOut));
        times.vips2.push(await vipsPass(files, 2, vipsOut));
      }
    }
    const refs: Record<string, number> = vips
      ? { "vips 1 process": median(times.vips1), "vips 2 processes": median(times.vips2) }
      : {};
    const sample = await fetch(`${server.url}/api/raw/${names[0]}?thumb=true&w=${WIDTH}&inline=true&auth=${token}`);
    const size = await thumbSize(await sample.arrayBuffer());
    const want = `${WIDTH}x${Math.round((SOURCE_H * WIDTH) / SOURCE_W)}`;
    if (size !== want) throw new Error(`the server's thumbnail is ${size}, not ${want}`);
    return [
      `${IMAGES} JPEGs ${SOURCE_W}x${SOURCE_H} (~${Math.round(Bun.file(files[0]!).size / 1000)} KB) -> ${WIDTH} px WebP, ${CLIENTS} parallel clients, ${load} (median of ${ROUNDS})`,
      row("server, cold cache", median(times.cold), refs),
      row("server, cached (second pass)", median(times.cached), refs),
      ...(vips
        ? [row("vipsthumbnail, 1 process", median(times.vips1)), row("vipsthumbnail, 2 processes", median(times.vips2))]
        : ["  vipsthumbnail is not installed (Debian libvips-tools): no reference figure"]),
    ];
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    for (const d of [dir, home, vipsOut]) rmSync(d, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchThumbnails()) console.log(l);
