import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ToolAborted } from "../../../src/server/tools/run-tool";
import { headerFontSize, headerHeight } from "../../../src/tasks/kinds/contact-sheet-header";
import { MKTHUMB_REFUSAL, mkthumbKind } from "../../../src/tasks/kinds/mkthumb";
import { TaskInputError } from "../../../src/tasks/types";
import { denyPath, makeTaskContext, runKind } from "../../support/task-context";
import { escapeFilterValue, timeLabelFilter, timeLabelFontSize } from "../../../src/server/tools/ffmpeg-frames";
import { findFontFor } from "../../../src/server/tools/fontconfig";
import {
  makeKeyframeVideo,
  makeSlowVideo,
  makeVideo,
  probeImage,
  requireMediaTools,
  fillFolder,
} from "../../support/media";
import { processesWith } from "../../support/task-helpers";
import { tempLeftovers } from "../../support/temp-leftovers";

let fixtures: string;
const worlds: string[] = [];

beforeAll(async () => {
  requireMediaTools();
  fixtures = mkdtempSync(join(tmpdir(), "fbe-mkthumb-fixtures-"));
  await makeVideo(fixtures, "clip.mp4", 2, "320x240");
  await makeSlowVideo(fixtures, "slow.mkv", 30);
  await makeKeyframeVideo(fixtures, "keys.mp4", 80, 12);
});
afterAll(() => {
  for (const d of [fixtures, ...worlds]) rmSync(d, { recursive: true, force: true });
});

/** A fresh scope folder holding copies of fixture videos at the given paths ("sub/a.mp4" → fixture clip.mp4). */
function world(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "fbe-mkthumb-"));
  worlds.push(root);
  fillFolder(root, fixtures, files);
  return root;
}

const leftovers = tempLeftovers;

describe("mkthumb contact sheet", () => {
  it("tiles numcaps frames of `width` px, columns per row, under a header band with text", async () => {
    const root = world({ "clip.mp4": "clip.mp4" });
    const h = makeTaskContext(root, "/clip.mp4");
    const done = await runKind(mkthumbKind, h, { width: 160, numcaps: 6, columns: 4, comment: "holiday reel" });
    expect(done).toBe("/clip.mp4._vthumb_.jpg");
    const out = join(root, "clip.mp4._vthumb_.jpg");
    const band = headerHeight(4, headerFontSize(640)); // 4 lines: name, size/duration/resolution, codecs, comment
    expect(await probeImage(out)).toEqual({ width: 4 * 160, height: 2 * 120 + band, codec: "mjpeg" });
    // The band holds drawn text (bright pixels on black); a band with no text would stay black.
    const top = await sharp(out).extract({ left: 0, top: 0, width: 640, height: band }).greyscale().stats();
    expect(top.channels[0].max).toBeGreaterThan(200);
    expect(h.reports.at(-1)).toBe("100%");
    expect(h.reports.length).toBeGreaterThan(3);
    expect(leftovers(root)).toEqual([]);
  });

  it("handles names full of shell and filter specials in the video's name and the header's temp folder", async () => {
    const name = "it's a [clip],; $(touch x) `y` -i.mp4";
    const root = world({ [name]: "clip.mp4" });
    const h = makeTaskContext(root, `/${name}`);
    const weirdTemp = mkdtempSync(join(tmpdir(), "fbe-it's:a,[b];c-"));
    worlds.push(weirdTemp);
    const done = await runKind(
      mkthumbKind,
      { ...h, ctx: { ...h.ctx, tempDir: weirdTemp } },
      { width: 160, numcaps: 4 },
    );
    expect(done).toBe(`/${name}._vthumb_.jpg`);
    // The header band is there, so drawtext read its text file from the oddly named folder.
    expect(await probeImage(join(root, `${name}._vthumb_.jpg`))).toEqual({
      width: 640,
      height: 120 + headerHeight(3, headerFontSize(640)),
      codec: "mjpeg",
    });
    expect(readdirSync(root).sort()).toEqual([name, `${name}._vthumb_.jpg`]);
  });

  it("keeps each frame's own size with width 0 and writes png when asked", async () => {
    const root = world({ "clip.mp4": "clip.mp4" });
    await runKind(mkthumbKind, makeTaskContext(root, "/clip.mp4"), {
      width: 0,
      numcaps: 4,
      columns: 2,
      imageFormat: "png",
    });
    const band = headerHeight(3, headerFontSize(640));
    expect(await probeImage(join(root, "clip.mp4._vthumb_.png"))).toEqual({
      width: 640,
      height: 2 * 240 + band,
      codec: "png",
    });
  });

  it("writes one image per frame named _vthumb_<n> with single images", async () => {
    const root = world({ "clip.mp4": "clip.mp4" });
    const done = await runKind(mkthumbKind, makeTaskContext(root, "/clip.mp4"), {
      width: 160,
      numcaps: 5,
      singleImages: true,
    });
    expect(done).toBe("5 images of /clip.mp4");
    const images = readdirSync(root)
      .filter((n) => n.includes("._vthumb_"))
      .sort();
    expect(images).toEqual([1, 2, 3, 4, 5].map((n) => `clip.mp4._vthumb_${n}.jpg`));
    for (const n of images)
      expect(await probeImage(join(root, n))).toEqual({ width: 160, height: 120, codec: "mjpeg" });
  });

  it("skips an existing sheet unless overwrite is on", async () => {
    const root = world({ "clip.mp4": "clip.mp4", "clip.mp4._vthumb_.jpg": "text:old" });
    const out = join(root, "clip.mp4._vthumb_.jpg");
    expect(await runKind(mkthumbKind, makeTaskContext(root, "/clip.mp4"), {})).toBe(
      "skipped /clip.mp4._vthumb_.jpg, it exists",
    );
    expect(readFileSync(out, "utf8")).toBe("old");
    expect(await runKind(mkthumbKind, makeTaskContext(root, "/clip.mp4"), { overwrite: true, numcaps: 4 })).toBe(
      "/clip.mp4._vthumb_.jpg",
    );
    expect((await probeImage(out)).width).toBe(4 * 512);
  });

  it("takes every video in a folder and its subfolders, except hidden ones and what the rules deny", async () => {
    const root = world({
      "top.mp4": "clip.mp4",
      "sub/a.mkv": "clip.mp4",
      "sub/deeper/b.mp4": "clip.mp4",
      "denied/c.mp4": "clip.mp4",
      ".hidden/d.mp4": "clip.mp4",
      "notes.txt": "text:not a video",
    });
    const h = makeTaskContext(root, "/", [denyPath("/denied")]);
    const done = await runKind(mkthumbKind, h, { numcaps: 2, width: 64 });
    expect(done.split("\n")).toEqual([
      "/sub/a.mkv._vthumb_.jpg",
      "/sub/deeper/b.mp4._vthumb_.jpg",
      "/top.mp4._vthumb_.jpg",
    ]);
    expect(existsSync(join(root, "denied/c.mp4._vthumb_.jpg"))).toBe(false);
    expect(existsSync(join(root, ".hidden/d.mp4._vthumb_.jpg"))).toBe(false);
    // Progress of a folder is overall: the second of three videos starts at 33%.
    expect(h.reports).toContain("33% /sub/deeper/b.mp4");
    expect(h.reports.at(-1)).toBe("100% /top.mp4");
  });

  it("lists a broken video in a folder's done message and still makes the others", async () => {
    const root = world({ "good.mp4": "clip.mp4", "broken.mp4": "text:this is not a video" });
    const done = await runKind(mkthumbKind, makeTaskContext(root, "/"), { numcaps: 2 });
    expect(done).toStartWith("/broken.mp4: failed: the file's content is text");
    expect(done).toEndWith("/good.mp4._vthumb_.jpg");
  });

  it("fails a single broken video", async () => {
    const root = world({ "broken.mp4": "text:this is not a video" });
    await expect(runKind(mkthumbKind, makeTaskContext(root, "/broken.mp4"), {})).rejects.toThrow(
      "the file's content is text",
    );
    const binary = world({ "broken.mp4": "text:\u0000\u0001 not a video" });
    await expect(runKind(mkthumbKind, makeTaskContext(binary, "/broken.mp4"), {})).rejects.toThrow(
      /^ffprobe cannot read this file$/,
    );
  });
});

describe("mkthumb frame times", () => {
  /** Raw grey pixels of a 160x120 region of a png. */
  const region = (file: string, left: number, top: number) =>
    sharp(file).extract({ left, top, width: 160, height: 120 }).greyscale().raw().toBuffer();
  /** Pixels whose grey differs by more than 40 (of 255): glyph strokes, not codec noise. */
  const pixelsDiffering = (a: Buffer, b: Buffer) => a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 40 ? 1 : 0), 0);

  /** The frame of keys.mp4 at `atS` (an exact keyframe) with `text` drawn as the kind's label style draws it. */
  async function reference(dir: string, atS: number, text: string, fontFile: string): Promise<string> {
    const label = timeLabelFilter({ fontFile, fontSize: timeLabelFontSize(160) }, "0").replace(
      /:text=.*?:fontsize=/,
      `:expansion=none:text=${escapeFilterValue(text)}:fontsize=`,
    );
    const out = join(dir, `ref-${atS}-${text.replaceAll(":", "")}.png`);
    const p = Bun.spawnSync([
      "ffmpeg",
      "-v",
      "error",
      "-y",
      "-ss",
      String(atS),
      "-i",
      join(fixtures, "keys.mp4"),
      "-vf",
      `scale=160:-2,setsar=1,${label}`,
      "-frames:v",
      "1",
      out,
    ]);
    if (p.exitCode !== 0) throw new Error(p.stderr.toString());
    return out;
  }

  it("prints on each frame the time of the keyframe actually shown, not the time asked for", async () => {
    // 80 s, keyframes every 12 s, 4 frames 20 s apart: keyframe seeking asks 10, 30, 50, 70 s and gets 0, 24, 48, 60 s.
    const root = world({ "keys.mp4": "keys.mp4" });
    await runKind(mkthumbKind, makeTaskContext(root, "/keys.mp4"), {
      width: 160,
      numcaps: 4,
      columns: 4,
      imageFormat: "png",
    });
    const sheet = join(root, "keys.mp4._vthumb_.png");
    const band = headerHeight(3, headerFontSize(640));
    expect(await probeImage(sheet)).toEqual({ width: 640, height: 120 + band, codec: "png" });
    const font = (await findFontFor("00:00:00", new AbortController().signal))!;
    const shown = [
      [0, "00:00:00", "00:00:10"],
      [24, "00:00:24", "00:00:30"],
      [48, "00:00:48", "00:00:50"],
      [60, "00:01:00", "00:01:10"],
    ] as const;
    for (const [i, [atS, real, asked]] of shown.entries()) {
      const tile = await region(sheet, i * 160, band);
      const right = pixelsDiffering(tile, await region(await reference(root, atS, real, font), 0, 0));
      const wrong = pixelsDiffering(tile, await region(await reference(root, atS, asked, font), 0, 0));
      expect({ tile: i, right, wrong: wrong > 20 }).toEqual({ tile: i, right: 0, wrong: true });
    }
  });

  it("draws no time on single images", async () => {
    const root = world({ "keys.mp4": "keys.mp4" });
    await runKind(mkthumbKind, makeTaskContext(root, "/keys.mp4"), {
      width: 160,
      numcaps: 2,
      singleImages: true,
      imageFormat: "png",
    });
    const { channels } = await sharp(join(root, "keys.mp4._vthumb_1.png")).greyscale().stats();
    expect(channels[0].max - channels[0].min).toBeLessThan(4); // flat grey: no white digits, no dark box
  });
});

describe("mkthumb refusals and params", () => {
  it("refuses a target that is neither a video nor a folder with the documented sentence", () => {
    const root = world({ "notes.txt": "text:x", "pic.jpg": "text:x" });
    for (const p of ["/notes.txt", "/pic.jpg"]) {
      expect(() => mkthumbKind.checkTarget(makeTaskContext(root, p).ctx.target)).toThrow(
        new TaskInputError(MKTHUMB_REFUSAL),
      );
    }
    expect(MKTHUMB_REFUSAL).toBe("hey man, you can only make thumbnail for video file or directory");
  });

  it("fills missing params with the defaults and refuses wrong types and ranges", () => {
    expect(mkthumbKind.parseParams({})).toEqual({
      comment: "",
      width: 512,
      numcaps: 16,
      columns: 4,
      imageFormat: "jpg",
      singleImages: false,
      overwrite: false,
    });
    for (const bad of [
      { numcaps: 0 },
      { width: -1 },
      { columns: "4" },
      { imageFormat: "gif" },
      { overwrite: "yes" },
      { numcaps: 1.5 },
      [],
    ]) {
      expect(() => mkthumbKind.parseParams(bad)).toThrow(TaskInputError);
    }
  });
});

describe("mkthumb cancel", () => {
  it("stops ffmpeg at once when the signal aborts, leaving no output and no process", async () => {
    const root = world({ "slow.mkv": "slow.mkv" });
    const h = makeTaskContext(root, "/slow.mkv");
    const run = runKind(mkthumbKind, h, { numcaps: 32, width: 0 });
    const needle = join(root, "slow.mkv");
    const started = Date.now();
    while (!processesWith(needle).some((l) => l.startsWith("ffmpeg"))) {
      if (Date.now() - started > 10_000) throw new Error("ffmpeg never started");
      await Bun.sleep(50);
    }
    await Bun.sleep(300);
    h.controller.abort();
    await expect(run).rejects.toBeInstanceOf(ToolAborted);
    expect(processesWith(needle)).toEqual([]);
    expect(readdirSync(root)).toEqual(["slow.mkv"]);
  });
});
