import { beforeAll, describe, expect, it } from "bun:test";
import { readFileSync, statSync, chmodSync } from "node:fs";
import { join } from "node:path";
import { call, makeUser } from "../support/factories";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { imageFacts, noisyJpeg, orientedJpeg, redCorner, turnedPixels } from "../support/oriented-jpeg";

const ctx = serverInProcess();
const processImage = (path: string, token = ctx.admin, extra = "") =>
  call(ctx.server, token, "PATCH", `/resources${path}?action=imageProcess${extra}`);
const file = (rel: string) => join(ctx.server.root, rel);
let png: Buffer;
let noise: Buffer;

beforeAll(async () => {
  const sharp = require("sharp");
  png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#0f0" } })
    .png()
    .toBuffer();
  noise = await noisyJpeg(64, 32, 6);
  makeTree(ctx.server.root, {
    "six.jpg": await orientedJpeg(64, 32, 6),
    "eight.JPEG": await orientedJpeg(64, 32, 8),
    "odd.jpg": await orientedJpeg(70, 30, 6),
    "pic.png": png,
    "noise.jpg": noise,
    album: { "a.jpg": await orientedJpeg(64, 32, 6), "b.png": png, deep: { "c.jpg": await orientedJpeg(48, 32, 8) } },
    flat: { "a.jpg": await orientedJpeg(64, 32, 3), deep: { "c.jpg": await orientedJpeg(64, 32, 6) } },
  });
});

describe("PATCH /api/resources?action=imageProcess", () => {
  it("turns an orientation 6 JPEG upright losslessly: dimensions swapped, Orientation 1, red corner top right", async () => {
    chmodSync(file("six.jpg"), 0o640);
    const res = await processImage("/six.jpg");
    expect(res.status).toBe(200);
    expect(await imageFacts(file("six.jpg"))).toEqual({ width: 32, height: 64, orientation: 1 });
    // Stored red top-left, turned 90 degrees clockwise to view: it is now top right.
    expect(await redCorner(file("six.jpg"))).toBe("tr");
    expect(statSync(file("six.jpg")).mode & 0o777).toBe(0o640);
  });

  it("turns without re-encoding: the pixels are the stored ones turned, up to the decoder's rounding", async () => {
    expect((await processImage("/noise.jpg")).status).toBe(200);
    expect(await imageFacts(file("noise.jpg"))).toEqual({ width: 32, height: 64, orientation: 1 });
    const [want, got] = [await turnedPixels(noise, 90), await turnedPixels(file("noise.jpg"), 0)];
    let [max, sum] = [0, 0];
    for (let i = 0; i < want.length; i++) {
      const d = Math.abs(want[i]! - got[i]!);
      [max, sum] = [Math.max(max, d), sum + d];
    }
    // Measured: a lossless turn differs by at most 3 (mean 0.1, IDCT rounding); a re-encode at quality 95 by up to 45 (mean 6).
    expect(max).toBeLessThanOrEqual(4);
    expect(sum / want.length).toBeLessThan(0.5);
  });

  it("turns an orientation 8 JPEG the other way: red corner bottom left", async () => {
    expect((await processImage("/eight.JPEG")).status).toBe(200);
    expect(await imageFacts(file("eight.JPEG"))).toEqual({ width: 32, height: 64, orientation: 1 });
    expect(await redCorner(file("eight.JPEG"))).toBe("bl");
  });

  it("re-encodes a JPEG whose size is not a whole number of blocks, keeping every pixel", async () => {
    expect((await processImage("/odd.jpg")).status).toBe(200);
    expect(await imageFacts(file("odd.jpg"))).toEqual({ width: 30, height: 70, orientation: 1 });
    expect(await redCorner(file("odd.jpg"))).toBe("tr");
  });

  it("changes nothing on a second call: the file stays byte-identical", async () => {
    const before = readFileSync(file("six.jpg"));
    const mtime = statSync(file("six.jpg")).mtimeMs;
    expect((await processImage("/six.jpg")).status).toBe(200);
    expect(readFileSync(file("six.jpg")).equals(before)).toBe(true);
    expect(statSync(file("six.jpg")).mtimeMs).toBe(mtime);
  });

  it("leaves a PNG byte-identical", async () => {
    expect((await processImage("/pic.png")).status).toBe(200);
    expect(readFileSync(file("pic.png")).equals(png)).toBe(true);
  });

  it("turns every JPEG of a folder tree with recursive=true and leaves other types alone", async () => {
    expect((await processImage("/album/", ctx.admin, "&recursive=true")).status).toBe(200);
    expect(await imageFacts(file("album/a.jpg"))).toEqual({ width: 32, height: 64, orientation: 1 });
    expect(await imageFacts(file("album/deep/c.jpg"))).toEqual({ width: 32, height: 48, orientation: 1 });
    expect(await redCorner(file("album/deep/c.jpg"))).toBe("bl");
    expect(readFileSync(file("album/b.png")).equals(png)).toBe(true);
  });

  it("turns only the files directly in a folder without recursive", async () => {
    expect((await processImage("/flat/")).status).toBe(200);
    expect(await imageFacts(file("flat/a.jpg"))).toEqual({ width: 64, height: 32, orientation: 1 });
    expect(await redCorner(file("flat/a.jpg"))).toBe("br");
    expect((await imageFacts(file("flat/deep/c.jpg"))).orientation).toBe(6);
  });

  it("needs the rename permission", async () => {
    makeTree(ctx.server.root, { "guarded.jpg": await orientedJpeg(64, 32, 6) });
    const before = readFileSync(file("guarded.jpg"));
    const viewer = await makeUser(ctx.server, ctx.admin, { perm: { modify: true, download: true, create: true } });
    expect((await processImage("/guarded.jpg", viewer.token)).status).toBe(403);
    expect(readFileSync(file("guarded.jpg")).equals(before)).toBe(true);
    const renamer = await makeUser(ctx.server, ctx.admin, { perm: { rename: true } });
    expect((await processImage("/guarded.jpg", renamer.token)).status).toBe(200);
    expect((await imageFacts(file("guarded.jpg"))).orientation).toBe(1);
  });

  it("refuses paths that leave the scope and paths the rules deny", async () => {
    expect((await processImage("/..%2f..%2fetc/")).status).toBe(403);
    expect((await processImage("/../six.jpg")).status).not.toBe(200);
    makeTree(ctx.server.root, { secret: { "s.jpg": await orientedJpeg(64, 32, 6) } });
    const ruled = await makeUser(ctx.server, ctx.admin, {
      perm: { rename: true },
      rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }],
    });
    expect((await processImage("/secret/s.jpg", ruled.token)).status).toBe(403);
    expect((await processImage("/", ruled.token, "&recursive=true")).status).toBe(200);
    expect((await imageFacts(file("secret/s.jpg"))).orientation).toBe(6);
  });

  it("refuses a cut JPEG with 400 and leaves it, and skips it inside a folder while turning the others", async () => {
    const whole = await orientedJpeg(64, 32, 6);
    const cut = whole.subarray(0, 400);
    makeTree(ctx.server.root, { "cut.jpg": cut, mixed: { "cut.jpg": cut, "good.jpg": whole } });
    const res = await processImage("/cut.jpg");
    expect(res.status).toBe(400);
    expect(await res.text()).toStartWith("400 Bad Request");
    expect(readFileSync(file("cut.jpg")).equals(cut)).toBe(true);
    expect((await processImage("/mixed/")).status).toBe(200);
    expect(readFileSync(file("mixed/cut.jpg")).equals(cut)).toBe(true);
    expect((await imageFacts(file("mixed/good.jpg"))).orientation).toBe(1);
  });

  it("answers 404 for a missing file", async () => {
    expect((await processImage("/nope.jpg")).status).toBe(404);
  });
});
