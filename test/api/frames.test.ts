import { beforeAll, describe, expect, it } from "bun:test";
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverPerFile } from "../support/server-per-file";
import { makeUser, type TestUser } from "../support/factories";
import { rawGet } from "../support/raw-http";
import { requireMediaTools } from "../support/media";
import {
  AWKWARD_NAME,
  encodePath,
  looksLike,
  makeColourVideo,
  mintMediaToken,
  parseVtt,
  pixelAt,
  spawnLog,
} from "../support/subtitle-media";

const tools = spawnLog();
// The binary: the tool runs are counted through wrappers on its PATH, which a server in this process would not use.
const ctx = serverPerFile({ env: tools.env });
const ODD = AWKWARD_NAME;
const enc = encodePath;

let mediaToken: string;
let ruled: TestUser;
let scoped: TestUser;

const mint = (path: string, login = ctx.admin) => mintMediaToken(ctx.server, login, path);
const frameUrl = (path: string, query: string, token = mediaToken) =>
  `${ctx.server.url}/api/frame${enc(path)}?auth=${token}&${query}`;
/** The JPEG at `url`: its size and the colour at (x, y), the centre when not given. */
async function jpegAt(url: string, x?: number, y?: number) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${await res.text()}`);
  expect(res.headers.get("content-type")).toBe("image/jpeg");
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { width, height } = await pixelAt(bytes, 0, 0);
  return pixelAt(bytes, x ?? Math.floor(width / 2), y ?? Math.floor(height / 2));
}

beforeAll(async () => {
  requireMediaTools();
  const movies = join(ctx.server.root, "movies");
  mkdirSync(movies);
  mkdirSync(join(ctx.server.root, "private"));
  // Red for 2 s, then blue for 2 s; and 62 s (31 tiles of 2 s: two sprite sheets) red until 30 s, then blue.
  await makeColourVideo(movies, "colours.mp4", [
    ["red", 2],
    ["blue", 2],
  ]);
  await makeColourVideo(
    movies,
    "long.mp4",
    [
      ["red", 30],
      ["blue", 32],
    ],
    "160x120",
    5,
  );
  // 20 s: blue only from 1.5 s to 2.5 s, around the poster time (10 % of the duration).
  await makeColourVideo(
    movies,
    "poster.mp4",
    [
      ["red", 1.5],
      ["blue", 1],
      ["red", 17.5],
    ],
    "160x120",
    5,
  );
  copyFileSync(join(movies, "colours.mp4"), join(movies, `${ODD}.mp4`));
  copyFileSync(join(movies, "colours.mp4"), join(movies, "denied.mp4"));
  copyFileSync(join(movies, "colours.mp4"), join(ctx.server.root, "private", "v.mp4"));
  symlinkSync(join(ctx.server.root, "private", "v.mp4"), join(movies, "link-out.mp4"));
  writeFileSync(join(movies, "notes.srt"), "1\n00:00:00,000 --> 00:00:01,000\nhi\n");
  mediaToken = await mint("/movies/");
  ruled = await makeUser(ctx.server, ctx.admin, {
    rules: [{ allow: false, path: "/movies/denied.mp4", regex: false, regexp: { raw: "" } }],
  });
  scoped = await makeUser(ctx.server, ctx.admin, { scope: "/movies" });
});

describe("a still of a video at a time", () => {
  it("shows the picture of that time, 320 px wide by default", async () => {
    const red = await jpegAt(frameUrl("/movies/colours.mp4", "t=0.5"));
    expect([red.width, red.height]).toEqual([320, 240]);
    expect(looksLike(red.rgb, "red")).toBe(true);
    const blue = await jpegAt(frameUrl("/movies/colours.mp4", "t=3.2"));
    expect(looksLike(blue.rgb, "blue")).toBe(true);
  });

  it("without t shows the poster's picture, at 10 % of the duration, and is cached as any still", async () => {
    const poster = await jpegAt(frameUrl("/movies/poster.mp4", ""));
    expect([poster.width, poster.height]).toEqual([160, 120]);
    expect(looksLike(poster.rgb, "blue")).toBe(true);
    expect(looksLike((await jpegAt(frameUrl("/movies/poster.mp4", "w=80"))).rgb, "blue")).toBe(true);
    const runs = tools.count("ffmpeg");
    expect(looksLike((await jpegAt(frameUrl("/movies/poster.mp4", ""))).rgb, "blue")).toBe(true);
    expect(tools.count("ffmpeg")).toBe(runs);
  });

  it("is scaled down to w keeping the aspect ratio, and never up", async () => {
    const small = await jpegAt(frameUrl("/movies/colours.mp4", "t=1&w=100"));
    expect(small.width).toBe(100);
    expect(Math.abs(small.height - 75)).toBeLessThanOrEqual(1);
    const big = await jpegAt(frameUrl("/movies/colours.mp4", "t=1&w=1000"));
    expect([big.width, big.height]).toEqual([320, 240]);
  });

  it("shows the last frame for a time at or past the end", async () => {
    for (const t of ["4", "3.99", "1000"])
      expect(looksLike((await jpegAt(frameUrl("/movies/colours.mp4", `t=${t}`))).rgb, "blue")).toBe(true);
  });

  it("comes from the cache the second time: neither ffprobe nor ffmpeg runs", async () => {
    const url = frameUrl("/movies/colours.mp4", "t=1.5&w=64");
    const first = await (await fetch(url)).arrayBuffer();
    const [probes, runs] = [tools.count("ffprobe"), tools.count("ffmpeg")];
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(new Uint8Array(first));
    expect([tools.count("ffprobe"), tools.count("ffmpeg")]).toEqual([probes, runs]);
  });

  it("refuses a bad time or width, a folder and a file that is not a video", async () => {
    for (const q of ["t=abc", "t=-1", "t=", "t=1&w=0", "t=1&w=9999", "t=Infinity"]) {
      const res = await fetch(frameUrl("/movies/colours.mp4", q));
      expect(res.status).toBe(400);
      expect(await res.text()).toStartWith("400 Bad Request (");
    }
    expect((await fetch(frameUrl("/movies/", "t=1"))).status).toBe(400);
    expect((await fetch(frameUrl("/movies/notes.srt", "t=1"))).status).toBe(400);
    expect((await fetch(frameUrl("/movies/gone.mp4", "t=1"))).status).toBe(404);
  });

  it("works for a name with spaces, quotes, $() and non-ASCII letters", async () => {
    expect(looksLike((await jpegAt(frameUrl(`/movies/${ODD}.mp4`, "t=3"))).rgb, "blue")).toBe(true);
  });
});

/** The thumbnails track of `path`, parsed, with each cue's sprite URL and rectangle. */
async function thumbnailsOf(path: string, token = mediaToken) {
  const res = await fetch(frameUrl(path, "thumbnails=vtt", token));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
  return (await parseVtt(await res.text())).map((c) => {
    const [url, xywh] = c.text.split("#xywh=");
    const [x, y, w, h] = xywh!.split(",").map(Number);
    return { start: c.start, end: c.end, url: url!, x: x!, y: y!, w: w!, h: h! };
  });
}

describe("seek thumbnails", () => {
  it("cover the whole duration with one tile every 2 s, pointing at sprite sheets with the same token", async () => {
    const cues = await thumbnailsOf("/movies/long.mp4");
    expect(cues).toHaveLength(31);
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBeCloseTo(62, 1);
    cues.forEach((c, i) => {
      expect(c.start).toBe(i * 2);
      if (i > 0) expect(c.start).toBe(cues[i - 1]!.end);
      expect([c.w, c.h]).toEqual([160, 120]);
      expect(c.url).toBe(`/api/frame/movies/long.mp4?auth=${mediaToken}&sprite=${i < 25 ? 0 : 1}`);
    });
    expect(cues[7]).toMatchObject({ x: 2 * 160, y: 1 * 120 });
    expect(cues[26]).toMatchObject({ x: 160, y: 0 });
  });

  it("sprite sheets are as large as their tiles say and show the picture of each tile's time", async () => {
    const cues = await thumbnailsOf("/movies/long.mp4");
    const sheet0 = await jpegAt(`${ctx.server.origin}${cues[0]!.url}`);
    expect([sheet0.width, sheet0.height]).toEqual([5 * 160, 5 * 120]);
    const sheet1 = await jpegAt(`${ctx.server.origin}${cues[25]!.url}`);
    expect([sheet1.width, sheet1.height]).toEqual([5 * 160, 2 * 120]);
    for (const [i, colour] of [
      [5, "red"],
      [14, "red"],
      [16, "blue"],
      [24, "blue"],
      [27, "blue"],
    ] as const) {
      const c = cues[i]!;
      const tile = await jpegAt(`${ctx.server.origin}${c.url}`, c.x + c.w / 2, c.y + c.h / 2);
      expect(looksLike(tile.rgb, colour)).toBe(true);
    }
    expect((await fetch(frameUrl("/movies/long.mp4", "sprite=2"))).status).toBe(404);
    expect((await fetch(frameUrl("/movies/long.mp4", "sprite=x"))).status).toBe(400);
    expect((await fetch(frameUrl("/movies/long.mp4", "thumbnails=json"))).status).toBe(400);
  });

  it("a short video has one small sheet", async () => {
    const cues = await thumbnailsOf("/movies/colours.mp4");
    expect(cues.map((c) => [c.start, c.end, c.x, c.y])).toEqual([
      [0, 2, 0, 0],
      [2, 4, 160, 0],
    ]);
    const sheet = await jpegAt(`${ctx.server.origin}${cues[0]!.url}`, 80, 60);
    expect([sheet.width, sheet.height]).toEqual([320, 120]);
    expect(looksLike(sheet.rgb, "red")).toBe(true);
    expect(looksLike((await jpegAt(`${ctx.server.origin}${cues[1]!.url}`, 240, 60)).rgb, "blue")).toBe(true);
  });

  it("come from the cache the second time: neither ffprobe nor ffmpeg runs", async () => {
    const cues = await thumbnailsOf("/movies/long.mp4");
    await fetch(`${ctx.server.origin}${cues[0]!.url}`);
    const [probes, runs] = [tools.count("ffprobe"), tools.count("ffmpeg")];
    expect(await thumbnailsOf("/movies/long.mp4")).toEqual(cues);
    expect((await fetch(`${ctx.server.origin}${cues[0]!.url}`)).status).toBe(200);
    expect([tools.count("ffprobe"), tools.count("ffmpeg")]).toEqual([probes, runs]);
  });

  it("work for a name with spaces, quotes, $() and non-ASCII letters", async () => {
    const cues = await thumbnailsOf(`/movies/${ODD}.mp4`);
    expect(cues[0]!.url).toStartWith(`/api/frame${enc(`/movies/${ODD}.mp4`)}?`);
    expect(looksLike((await jpegAt(`${ctx.server.origin}${cues[1]!.url}`, 240, 60)).rgb, "blue")).toBe(true);
  });
});

describe("auth and scope of the frame URLs", () => {
  const queries = ["t=1", "thumbnails=vtt", "sprite=0"];

  it("refuse a request without a token", async () => {
    for (const q of queries)
      expect((await fetch(`${ctx.server.url}/api/frame/movies/colours.mp4?${q}`)).status).toBe(401);
  });

  it("refuse a media token of another folder", async () => {
    const other = await mint("/private/");
    for (const q of queries) {
      expect((await fetch(frameUrl("/movies/colours.mp4", q, other))).status).toBe(403);
      expect((await fetch(frameUrl("/private/v.mp4", q))).status).toBe(403);
    }
  });

  it("refuse paths outside the user's scope", async () => {
    const token = await mint("/", scoped.token);
    for (const q of queries) {
      expect((await fetch(frameUrl("/colours.mp4", q, token))).status).toBe(200);
      expect((await rawGet(ctx.server.origin, `/api/frame/..%2fprivate%2fv.mp4?auth=${token}&${q}`)).status).toBe(403);
      expect((await fetch(frameUrl("/link-out.mp4", q, token))).status).toBe(403);
    }
  });

  it("refuse a video the user's rules deny", async () => {
    const token = await mint("/movies/", ruled.token);
    for (const q of queries) {
      expect((await fetch(frameUrl("/movies/colours.mp4", q, token))).status).toBe(200);
      expect((await fetch(frameUrl("/movies/denied.mp4", q, token))).status).toBe(403);
    }
  });
});

describe("one ffprobe run per video, shared by every media URL", () => {
  it("probes a video once for ?probe=yes, its HLS playlist, its poster, a still and its seek thumbnails, at once or in turn", async () => {
    copyFileSync(join(ctx.server.root, "movies", "colours.mp4"), join(ctx.server.root, "movies", "shared.mp4"));
    const path = "/movies/shared.mp4";
    const asAdmin = { headers: { "X-Auth": ctx.admin } };
    const all = () =>
      Promise.all([
        fetch(`${ctx.server.url}/api/resources${path}?probe=yes`, asAdmin),
        fetch(`${ctx.server.url}/api/playlist${path}?auth=${ctx.admin}&master=true`),
        fetch(`${ctx.server.url}/api/raw${path}?thumb=true&w=96`, asAdmin),
        fetch(frameUrl(path, "t=1")),
        fetch(frameUrl(path, "thumbnails=vtt")),
      ]);
    const probes = tools.count("ffprobe");
    for (const res of await all()) expect(res.status).toBe(200);
    expect(tools.count("ffprobe")).toBe(probes + 1);
    for (const res of await all()) expect(res.status).toBe(200);
    expect(tools.count("ffprobe")).toBe(probes + 1);
  });
});
