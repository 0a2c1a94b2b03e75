import { beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { putSettings } from "../support/factories";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { ffmpeg, makeVideo, requireMediaTools } from "../support/media";
import { imageFacts, orientedJpeg, redCorner } from "../support/oriented-jpeg";

const ctx = serverInProcess();
const thumb = (path: string, w: number) =>
  fetch(`${ctx.server.url}/api/raw${path}?thumb=true&w=${w}`, { headers: { "X-Auth": ctx.admin } });
const thumbsDir = () => join(ctx.server.home, ".cache", "thumbs");
/** Every cache entry, as paths relative to the thumbs folder. */
const cacheEntries = () =>
  existsSync(thumbsDir())
    ? readdirSync(thumbsDir()).flatMap((b) => readdirSync(join(thumbsDir(), b)).map((f) => join(b, f)))
    : [];
const thumbSettings = (patch: Record<string, unknown>) => putSettings(ctx.server, ctx.admin, { thumbnail: patch });

beforeAll(async () => {
  requireMediaTools();
  await makeVideo(ctx.server.root, "clip.mp4", 2, "320x240");
  await makeVideo(ctx.server.root, "other.mkv", 2, "320x240");
  makeTree(ctx.server.root, { "photo.jpg": await orientedJpeg(64, 32, 1), "eight.jpg": await orientedJpeg(64, 32, 8) });
  // 20 s in three flat colours: red until 1.5 s, green until 2.5 s, then blue. 10 % of 20 s = 2 s falls in the green.
  const part = (c: string, d: number) => ["-f", "lavfi", "-i", `color=c=${c}:size=160x120:rate=25:duration=${d}`];
  await ffmpeg([
    ...part("red", 1.5),
    ...part("lime", 1),
    ...part("blue", 17.5),
    "-filter_complex",
    "[0][1][2]concat=n=3:v=1:a=0",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    join(ctx.server.root, "colours.mp4"),
  ]);
});

/** RGB of the centre pixel of an image. */
async function centreRgb(data: Buffer): Promise<number[]> {
  const sharp: typeof import("sharp").default = require("sharp");
  const { data: px, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [px[at]!, px[at + 1]!, px[at + 2]!];
}

describe("image thumbnails (GET /api/raw/{image}?thumb=true&w=)", () => {
  it("turn an orientation 8 JPEG upright: portrait, the stored top-left corner at the bottom left", async () => {
    const res = await thumb("/eight.jpg", 16);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const data = Buffer.from(await res.arrayBuffer());
    expect(await imageFacts(data)).toEqual({ width: 16, height: 32, orientation: 1 });
    expect(await redCorner(data)).toBe("bl");
  });
});

describe("video posters (GET /api/raw/{video}?thumb=true&w=)", () => {
  it("answer a JPEG frame scaled to the asked width, never enlarged", async () => {
    const res = await thumb("/clip.mp4", 160);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-disposition")).toStartWith("inline");
    expect(await imageFacts(Buffer.from(await res.arrayBuffer()))).toMatchObject({ width: 160, height: 120 });
    const big = await thumb("/clip.mp4", 1000);
    expect(await imageFacts(Buffer.from(await big.arrayBuffer()))).toMatchObject({ width: 320, height: 240 });
  });

  it("show the frame at 10 % of the duration", async () => {
    const res = await thumb("/colours.mp4", 80);
    expect(res.status).toBe(200);
    const data = Buffer.from(await res.arrayBuffer());
    expect(await imageFacts(data)).toMatchObject({ width: 80, height: 60 });
    const [r, g, b] = await centreRgb(data);
    expect(g).toBeGreaterThan(200);
    expect(Math.max(r, b)).toBeLessThan(60);
  });

  it("come from the cache the second time, without running ffmpeg again", async () => {
    const first = await thumb("/other.mkv", 96);
    expect(first.status).toBe(200);
    const mine = cacheEntries().filter((e) => !e.endsWith(".webp"));
    const before = cacheEntries().length;
    // Swap every cached poster for a marker picture: an answer built by ffmpeg could never be that picture.
    const marker = await orientedJpeg(16, 16, 1);
    for (const e of mine) writeFileSync(join(thumbsDir(), e), marker);
    const again = await thumb("/other.mkv", 96);
    expect(Buffer.from(await again.arrayBuffer()).equals(marker)).toBe(true);
    expect(cacheEntries().length).toBe(before);
  });

  it("answer 404 for a broken video and for one without a picture, trying each version of the file once", async () => {
    const broken = join(ctx.server.root, "broken.mp4");
    // Binary junk (a NUL byte): text content is refused before any tool runs (media-demuxer-escape.test.ts).
    writeFileSync(broken, "\0not a video at all\n".repeat(64));
    await ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=1",
      "-c:a",
      "libvorbis",
      join(ctx.server.root, "sound only.mkv"),
    ]);
    const told = (name: string) =>
      ctx.server
        .output()
        .split("\n")
        .filter((l) => l.includes(`no poster for ${join(ctx.server.root, name)}:`));
    const waitTold = async (name: string, count: number) => {
      for (let i = 0; i < 100 && told(name).length < count; i++) await Bun.sleep(20);
    };
    for (const name of ["broken.mp4", "sound only.mkv"]) {
      for (let i = 0; i < 3; i++) {
        const res = await thumb(`/${encodeURIComponent(name)}`, 128);
        expect(res.status).toBe(404);
        expect(await res.text()).toContain("no poster for this video");
        await waitTold(name, 1);
      }
      await Bun.sleep(100);
      // Told once, as information: a broken file among the user's videos is not the server's error.
      expect(told(name)).toHaveLength(1);
      expect(told(name)[0]).not.toContain("ERROR");
    }
    expect(told("sound only.mkv")[0]).toEndWith("it has no video stream");
    // A new version of the file is tried again.
    writeFileSync(broken, "\0still not a video\n".repeat(80));
    expect((await thumb("/broken.mp4", 128)).status).toBe(404);
    await waitTold("broken.mp4", 2);
    expect(told("broken.mp4")).toHaveLength(2);
  });

  it("answer 404 when posters are switched off, while image thumbnails stay on", async () => {
    expect((await thumb("/clip.mp4", 120)).status).toBe(200);
    await thumbSettings({ thumbnailVideo: false });
    try {
      const off = await thumb("/clip.mp4", 120);
      expect(off.status).toBe(404);
      expect(await off.text()).toStartWith("404");
      // Image thumbnails stay on.
      expect((await thumb("/photo.jpg", 16)).headers.get("content-type")).toBe("image/webp");
    } finally {
      await thumbSettings({ thumbnailVideo: true });
    }
  });

  it("all thumbnails are off with thumbnailEnabled false: no poster, and images are served as they are", async () => {
    await thumbSettings({ thumbnailEnabled: false });
    try {
      expect((await thumb("/clip.mp4", 120)).status).toBe(404);
      const img = await thumb("/photo.jpg", 16);
      expect(img.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await img.arrayBuffer()).equals(readFileSync(join(ctx.server.root, "photo.jpg")))).toBe(true);
    } finally {
      await thumbSettings({ thumbnailEnabled: true });
    }
  });
});

describe("thumbnail cache garbage collection", () => {
  /** A fake cache entry written `ageS` seconds ago. */
  const staleEntry = (name: string, ageS: number) => {
    mkdirSync(join(thumbsDir(), "zz"), { recursive: true });
    const p = join(thumbsDir(), "zz", name);
    writeFileSync(p, "stale");
    const t = (Date.now() - ageS * 1000) / 1000;
    utimesSync(p, t, t);
    return p;
  };

  it("keeps old entries while the probability is 0", async () => {
    await thumbSettings({ cacheGcProbability: 0, cacheExpireTTL: 0 });
    const old = staleEntry("kept.webp", 3600);
    expect((await thumb("/photo.jpg", 20)).status).toBe(200);
    await Bun.sleep(300);
    expect(existsSync(old)).toBe(true);
  });

  it("removes entries older than the TTL after a request when the probability is 1000000, keeping the answer's own", async () => {
    await thumbSettings({ cacheGcProbability: 1_000_000, cacheExpireTTL: 0 });
    try {
      const old = staleEntry("old.webp", 3600);
      const res = await thumb("/photo.jpg", 24);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      for (let i = 0; i < 50 && existsSync(old); i++) await Bun.sleep(20);
      expect(existsSync(old)).toBe(false);
      // With TTL 0 everything else goes; the entry just served (24 px) stays.
      for (let i = 0; i < 50 && cacheEntries().length > 1; i++) await Bun.sleep(20);
      expect(cacheEntries()).toHaveLength(1);
      expect(cacheEntries()[0]).toEndWith(".webp");
      expect((await thumb("/photo.jpg", 24)).status).toBe(200);
    } finally {
      await thumbSettings({ cacheGcProbability: 10, cacheExpireTTL: 604800 });
    }
  });
});
