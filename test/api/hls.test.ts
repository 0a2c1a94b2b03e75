import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, startServer, type TestServer } from "../support/server";
import { call, makeUser, type TestUser } from "../support/factories";
import { ffmpeg, makeVideo, requireMediaTools } from "../support/media";
import { encoderCounts, ffmpegPids, ffmpegUnder, parseMediaPlaylist, probeSegment } from "../support/hls";
import { qualityDir, sourceKey } from "../../src/server/hls/segment-cache";
import { NEEDS_TRANSCODING } from "../../src/shared/wire/video";

const IDLE_MS = 1500;
const ctx = serverPerFile({ env: { FBE_HLS_DEBUG: "1", FBE_HLS_IDLE_MS: String(IDLE_MS) } });
let ruled: TestUser;
let scoped: TestUser;
const odd = `q "it's" $(touch pwned) ünï 日本.mp4`;

beforeAll(async () => {
  requireMediaTools();
  const movies = join(ctx.server.root, "movies");
  mkdirSync(movies, { recursive: true });
  mkdirSync(join(ctx.server.root, "other"));
  mkdirSync(join(ctx.server.root, "secret"));
  mkdirSync(join(ctx.server.root, "home", "bob"), { recursive: true });
  await makeVideo(movies, "clip.mp4", 10, "640x480");
  await makeVideo(movies, "small.mp4", 3, "320x240");
  await makeVideo(movies, "long-a.mp4", 60, "640x480");
  for (const copy of ["long-b.mp4", "long-c.mp4", "long-d.mp4"])
    copyFileSync(join(movies, "long-a.mp4"), join(movies, copy));
  copyFileSync(join(movies, "clip.mp4"), join(movies, odd));
  copyFileSync(join(movies, "clip.mp4"), join(ctx.server.root, "secret", "clip.mp4"));
  // MPEG-4 part 2 video and MP3 sound in AVI: what browsers never play directly.
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=640x480:rate=25:duration=5",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=330:duration=5",
    "-c:v",
    "mpeg4",
    "-q:v",
    "5",
    "-c:a",
    "libmp3lame",
    "-t",
    "5",
    join(movies, "old.avi"),
  ]);
  symlinkSync(join(movies, "clip.mp4"), join(ctx.server.root, "home", "bob", "escape.mp4"));
  ruled = await makeUser(ctx.server, ctx.admin, {
    rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }],
  });
  scoped = await makeUser(ctx.server, ctx.admin, { scope: "/home/bob" });
}, 60_000);

const url = (path: string, query: string) => `${ctx.server.url}/api/playlist${path}?${query}`;
const get = (path: string, query: string, init?: RequestInit) => fetch(url(path, query), init);
/** Segment folder of `rel` (a path under the root) at quality `res` in the server's cache. */
const segDir = (rel: string, res: string) => {
  const abs = join(realpathSync(ctx.server.root), rel);
  return qualityDir(join(ctx.server.home, ".cache"), sourceKey(abs, statSync(abs)), res);
};
const cachedSegments = (rel: string, res: string) =>
  existsSync(segDir(rel, res))
    ? readdirSync(segDir(rel, res))
        .filter((n) => n.endsWith(".ts"))
        .sort()
    : [];
const probeDuration = (rel: string) => {
  const p = Bun.spawnSync([
    "ffprobe",
    "-v",
    "error",
    "-show_entries",
    "format=duration",
    "-of",
    "csv=p=0",
    join(ctx.server.root, rel),
  ]);
  return Number(p.stdout.toString().trim());
};

describe("the media playlist", () => {
  it("lists 4 s segments over the whole probed duration, each URI the same file with its auth and seg=N", async () => {
    const res = await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const text = await res.text();
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    const pl = parseMediaPlaylist(text);
    expect(pl.ended).toBe(true);
    expect(pl.targetDuration).toBe(4);
    expect(pl.segments.map((s) => s.durationS)).toEqual([4, 4, 2]);
    const total = pl.segments.reduce((a, s) => a + s.durationS, 0);
    expect(Math.abs(total - probeDuration("movies/clip.mp4"))).toBeLessThan(4);
    pl.segments.forEach((s, n) => {
      const u = new URL(s.uri, res.url);
      expect(u.pathname).toBe("/api/playlist/movies/clip.mp4");
      expect([...u.searchParams]).toEqual([
        ["auth", ctx.admin],
        ["res", "480-1"],
        ["seg", String(n)],
      ]);
    });
  });

  it("answers 400 for a res that is not a quality or a bad seg, and 404 for a segment past the end", async () => {
    expect((await get("/movies/clip.mp4", `auth=${ctx.admin}&res=999-1`)).status).toBe(400);
    expect((await get("/movies/clip.mp4", `auth=${ctx.admin}`)).status).toBe(400);
    expect((await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1&seg=x`)).status).toBe(400);
    expect((await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1&seg=3`)).status).toBe(404);
  });

  it("serves a quality taller than the video as the nearest offered one, named in X-Quality", async () => {
    const asked = await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1`);
    expect(asked.headers.get("x-quality")).toBe("480-1");
    // 480 px: every 1080p and 720p quality comes down to 480p 1 Mbps, its segments named so.
    for (const res of ["720-2", "1080-60"]) {
      const answer = await get("/movies/clip.mp4", `auth=${ctx.admin}&res=${res}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-quality")).toBe("480-1");
      const uris = parseMediaPlaylist(await answer.text()).segments.map((s) =>
        new URL(s.uri, answer.url).searchParams.get("res"),
      );
      expect(uris).toEqual(["480-1", "480-1", "480-1"]);
    }
    // A 240 px video asked for 720p 2 Mbps plays its only quality, encoded at its own height.
    const seg = await get("/movies/small.mp4", `auth=${ctx.admin}&res=720-2&seg=0`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get("x-quality")).toBe("480-1");
    const probed = probeSegment(new Uint8Array(await seg.arrayBuffer()));
    expect([probed.video.width, probed.video.height]).toEqual([320, 240]);
    expect(cachedSegments("movies/small.mp4", "720-2")).toEqual([]);
    expect(cachedSegments("movies/small.mp4", "480-1")).toEqual(["seg-0.ts"]);
  }, 30_000);

  it("has a master playlist listing only the qualities no taller than the video", async () => {
    const res = await get("/movies/clip.mp4", `auth=${ctx.admin}&master=true`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const lines = (await res.text()).trim().split("\n");
    expect(lines.filter((l) => l.startsWith("#EXT-X-STREAM-INF"))).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=1128000,RESOLUTION=640x480,CODECS="avc1.640028,mp4a.40.2"',
    ]);
    const media = new URL(lines.at(-1)!, res.url);
    expect(media.searchParams.get("res")).toBe("480-1");
    expect((await fetch(media)).status).toBe(200);
  });

  it("offers a video shorter than every quality the smallest one, encoded at its own height", async () => {
    const master = await (await get("/movies/small.mp4", `auth=${ctx.admin}&master=true`)).text();
    expect(master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF"))).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=1128000,RESOLUTION=320x240,CODECS="avc1.640028,mp4a.40.2"',
    ]);
    const seg = await get("/movies/small.mp4", `auth=${ctx.admin}&res=480-1&seg=0`);
    expect(seg.status).toBe(200);
    const probed = probeSegment(new Uint8Array(await seg.arrayBuffer()));
    expect([probed.video.width, probed.video.height]).toEqual([320, 240]);
  }, 30_000);
});

describe("segments", () => {
  it("each decode as H.264 + AAC stereo MPEG-TS at the asked height and follow one another in time", async () => {
    const pl = parseMediaPlaylist(await (await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1`)).text());
    const probed = [];
    for (const s of pl.segments) {
      const res = await fetch(new URL(s.uri, url("/movies/clip.mp4", "")));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("video/mp2t");
      probed.push(probeSegment(new Uint8Array(await res.arrayBuffer())));
    }
    for (const p of probed) {
      expect(p.format).toBe("mpegts");
      expect(p.video).toMatchObject({ codec: "h264", width: 640, height: 480 });
      expect(p.audio).toEqual({ codec: "aac", channels: 2 });
    }
    expect(probed[1].video.startS - probed[0].video.startS).toBeCloseTo(4, 2);
    expect(probed[2].video.startS - probed[1].video.startS).toBeCloseTo(4, 2);
    expect(probed[2].durationS).toBeCloseTo(2, 0);
  }, 30_000);

  it("are served from the cache the second time: no ffmpeg started, the file not rewritten", async () => {
    const first = await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1&seg=1`);
    const body = new Uint8Array(await first.arrayBuffer());
    const before = encoderCounts(first).started;
    const file = join(segDir("movies/clip.mp4", "480-1"), "seg-1.ts");
    const mtime = statSync(file).mtimeMs;
    const again = await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1&seg=1`);
    expect(again.status).toBe(200);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(body);
    expect(encoderCounts(again).started).toBe(before);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });

  it("N asked first comes back without encoding 0..N-1, with the same times as an encoder that started earlier", async () => {
    const t0 = performance.now();
    const seek = await get("/movies/long-a.mp4", `auth=${ctx.admin}&res=480-1&seg=10`);
    expect(seek.status).toBe(200);
    const seekMs = performance.now() - t0;
    const seeked = probeSegment(new Uint8Array(await seek.arrayBuffer()));
    expect(cachedSegments("movies/long-a.mp4", "480-1").some((n) => /^seg-[0-9]\.ts$/.test(n))).toBe(false);
    // The same file (a copy) encoded from segment 8 on: segment 10 starts at the same time, 8 s after segment 8.
    const eight = probeSegment(
      new Uint8Array(await (await get("/movies/long-b.mp4", `auth=${ctx.admin}&res=480-1&seg=8`)).arrayBuffer()),
    );
    const ten = probeSegment(
      new Uint8Array(await (await get("/movies/long-b.mp4", `auth=${ctx.admin}&res=480-1&seg=10`)).arrayBuffer()),
    );
    expect(ten.video.startS).toBeCloseTo(seeked.video.startS, 2);
    expect(ten.video.startS - eight.video.startS).toBeCloseTo(8, 2);
    expect(seekMs).toBeLessThan(15_000);
  }, 30_000);

  it("have their encoders stopped once nobody asks for IDLE_MS, before the end of the file", async () => {
    const res = await get("/movies/long-c.mp4", `auth=${ctx.admin}&res=480-1&seg=0`);
    expect(res.status).toBe(200);
    expect(encoderCounts(res).running).toBeGreaterThanOrEqual(1);
    const deadline = Date.now() + IDLE_MS + 8_000;
    let running = Infinity;
    while (Date.now() < deadline && running > 0) {
      await Bun.sleep(250);
      running = encoderCounts(await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1`)).running;
    }
    expect(running).toBe(0);
    expect(ffmpegUnder(ctx.server.home)).toEqual([]);
    expect(cachedSegments("movies/long-c.mp4", "480-1").length).toBeLessThan(15);
  }, 30_000);

  it("never run more encoders than the bound, even when more files are asked for at once", async () => {
    const files = ["/movies/long-a.mp4", "/movies/long-b.mp4", "/movies/long-c.mp4", "/movies/long-d.mp4"];
    let seen = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        seen = Math.max(seen, ffmpegUnder(ctx.server.home).length);
        await Bun.sleep(50);
      }
    })();
    const before = encoderCounts(await get("/movies/clip.mp4", `auth=${ctx.admin}&res=480-1`)).started;
    const answers = await Promise.all(files.map((f) => get(f, `auth=${ctx.admin}&res=480-1&seg=7`)));
    watching = false;
    await watch;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const counts = encoderCounts(answers[3]);
    expect(counts.max).toBeGreaterThanOrEqual(1);
    expect(counts.started - before).toBeGreaterThanOrEqual(3);
    expect(counts.peak).toBeLessThanOrEqual(counts.max);
    expect(seen).toBeLessThanOrEqual(counts.max);
  }, 60_000);
});

describe("who may stream", () => {
  const mint = async (path: string) =>
    ((await (await call(ctx.server, ctx.admin, "GET", `/media-token${path}`)).json()) as { token: string }).token;

  it("needs a login or a media token whose prefix covers the video; the playlist carries the media token", async () => {
    expect((await get("/movies/clip.mp4", "res=480-1")).status).toBe(401);
    expect((await get("/movies/clip.mp4", "res=480-1&seg=0")).status).toBe(401);
    const other = await mint("/other/");
    expect((await get("/movies/clip.mp4", `auth=${other}&res=480-1`)).status).toBe(403);
    expect((await get("/movies/clip.mp4", `auth=${other}&res=480-1&seg=0`)).status).toBe(403);
    const media = await mint("/movies/");
    const res = await get("/movies/clip.mp4", `auth=${media}&res=480-1`);
    expect(res.status).toBe(200);
    const seg = new URL(parseMediaPlaylist(await res.text()).segments[0].uri, res.url);
    expect(seg.searchParams.get("auth")).toBe(media);
    expect((await fetch(seg)).status).toBe(200);
    expect((await get("/movies/clip.mp4", "res=480-1", { headers: { "X-Auth": ctx.admin } })).status).toBe(200);
  });

  it("refuses a path outside the scope and a path the rules deny, and encodes nothing for them", async () => {
    expect((await get("/escape.mp4", `auth=${scoped.token}&res=480-1`)).status).toBe(403);
    expect((await get("/escape.mp4", `auth=${scoped.token}&res=480-1&seg=2`)).status).toBe(403);
    expect((await get("/secret/clip.mp4", `auth=${ruled.token}&res=480-1`)).status).toBe(403);
    expect((await get("/secret/clip.mp4", `auth=${ruled.token}&res=480-1&seg=0`)).status).toBe(403);
    expect((await get("/movies/clip.mp4", `auth=${ruled.token}&res=480-1`)).status).toBe(200);
    expect(cachedSegments("secret/clip.mp4", "480-1")).toEqual([]);
  });

  it("answers 403 with the transcoding sentence while the Video setting disables HLS", async () => {
    const settings = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as {
      video: Record<string, unknown>;
    };
    const put = (disableHls: boolean) =>
      call(ctx.server, ctx.admin, "PUT", "/settings", { video: { ...settings.video, disableHls } });
    expect((await put(true)).status).toBe(200);
    try {
      for (const q of ["res=480-1", "res=480-1&seg=0", "master=true"]) {
        const res = await get("/movies/clip.mp4", `auth=${ctx.admin}&${q}`);
        expect(res.status).toBe(403);
        expect(await res.text()).toContain(NEEDS_TRANSCODING);
      }
    } finally {
      expect((await put(false)).status).toBe(200);
    }
  });
});

describe("any video", () => {
  it("streams with spaces, quotes, $() and non-ASCII characters in its name, and runs no shell", async () => {
    const res = await get(`/movies/${encodeURIComponent(odd)}`, `auth=${ctx.admin}&res=480-1`);
    expect(res.status).toBe(200);
    const seg = await fetch(new URL(parseMediaPlaylist(await res.text()).segments[2].uri, res.url));
    expect(seg.status).toBe(200);
    expect(probeSegment(new Uint8Array(await seg.arrayBuffer())).video.height).toBe(480);
    expect(existsSync(join(ctx.server.root, "movies", "pwned"))).toBe(false);
    expect(existsSync("pwned")).toBe(false);
  }, 30_000);

  it("transcodes an MPEG-4/MP3 AVI to H.264 and AAC", async () => {
    const res = await get("/movies/old.avi", `auth=${ctx.admin}&res=480-1&seg=1`);
    expect(res.status).toBe(200);
    const p = probeSegment(new Uint8Array(await res.arrayBuffer()));
    expect(p.video).toMatchObject({ codec: "h264", height: 480 });
    expect(p.audio).toEqual({ codec: "aac", channels: 2 });
  }, 30_000);
});

/** The 60 s 640x480 video made for the file's server, copied for the servers of a test of their own. */
const longVideo = () => join(ctx.server.root, "movies", "long-a.mp4");

describe("server shutdown", () => {
  it("after a kill -9, the next server on the same cache stops the encoders left running", async () => {
    const cache = mkdtempSync(join(tmpdir(), "fbe-hls-cache-"));
    const first = await startServer({ args: ["--cache-dir", cache] });
    let second: TestServer | undefined;
    try {
      copyFileSync(longVideo(), join(first.root, "long.mp4"));
      const res = await fetch(`${first.url}/api/playlist/long.mp4?auth=${await login(first)}&res=480-1&seg=0`);
      expect(res.status).toBe(200);
      first.process.kill("SIGKILL");
      await new Promise((r) => first.process.once("exit", r));
      expect(ffmpegUnder(cache).length).toBe(1);
      second = await startServer({ args: ["--cache-dir", cache] });
      expect(ffmpegUnder(cache)).toEqual([]);
    } finally {
      for (const pid of ffmpegPids(cache)) process.kill(-pid, "SIGKILL");
      await first.stop();
      await second?.stop();
      rmSync(cache, { recursive: true, force: true });
    }
  }, 60_000);

  it("leaves no encoder running", async () => {
    const own = await startServer({ env: { FBE_HLS_DEBUG: "1" } });
    try {
      const token = await login(own);
      copyFileSync(longVideo(), join(own.root, "long.mp4"));
      const res = await fetch(`${own.url}/api/playlist/long.mp4?auth=${token}&res=480-1&seg=0`);
      expect(res.status).toBe(200);
      expect(encoderCounts(res).running).toBe(1);
      expect(ffmpegUnder(own.home).length).toBe(1);
    } finally {
      const home = own.home;
      await own.stop();
      expect(ffmpegUnder(home)).toEqual([]);
    }
  }, 60_000);
});
