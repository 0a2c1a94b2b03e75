import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolAborted } from "../../../src/server/tools/run-tool";
import { EXTRACT_SUB_REFUSAL, extractSubKind, subtitleOutputs } from "../../../src/tasks/kinds/extract-sub";
import { TaskInputError } from "../../../src/tasks/types";
import { denyPath, makeTaskContext, runKind } from "../../support/task-context";
import {
  makeMkvWithSubs,
  makeMp4WithMovText,
  makeVideo,
  probeSubtitleFile,
  requireMediaTools,
  TEST_CUES,
  fillFolder,
} from "../../support/media";

let fixtures: string;
const worlds: string[] = [];

beforeAll(async () => {
  requireMediaTools();
  fixtures = mkdtempSync(join(tmpdir(), "fbe-extract-sub-fixtures-"));
  await makeMp4WithMovText(fixtures, "movtext.mp4");
  await makeMkvWithSubs(fixtures, "three.mkv");
  await makeVideo(fixtures, "plain.mp4", 1);
});
afterAll(() => {
  for (const d of [fixtures, ...worlds]) rmSync(d, { recursive: true, force: true });
});

/** A fresh scope folder with copies of fixtures at the given paths ("text:..." writes that text instead). */
function world(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "fbe-extract-sub-"));
  worlds.push(root);
  fillFolder(root, fixtures, files);
  return root;
}

/** Checks that ffprobe reads `path` as `format` with the two TEST_CUES at their times (±50 ms of muxing offset). */
async function expectCues(path: string, format: string, label: string): Promise<void> {
  const read = await probeSubtitleFile(path);
  expect(read.format).toBe(format);
  expect(read.cues).toHaveLength(TEST_CUES.length);
  read.cues.forEach((c, i) => {
    expect(Math.abs(c.start - TEST_CUES[i].start)).toBeLessThan(0.05);
    expect(c.duration).toBeCloseTo(TEST_CUES[i].end - TEST_CUES[i].start, 2);
  });
  const text = readFileSync(path, "utf8");
  for (const c of TEST_CUES) expect(text).toContain(`${label} ${c.text}`);
}

describe("extract_sub", () => {
  it("writes an mp4's English mov_text track as name.eng.vtt", async () => {
    const root = world({ "clip.mp4": "movtext.mp4" });
    const h = makeTaskContext(root, "/clip.mp4");
    expect(await runKind(extractSubKind, h, {})).toBe("/clip.eng.vtt");
    await expectCues(join(root, "clip.eng.vtt"), "webvtt", "EN");
    expect(readFileSync(join(root, "clip.eng.vtt"), "utf8")).toStartWith("WEBVTT");
    expect(h.reports.at(-1)).toBe("100%");
    expect(readdirSync(root).sort()).toEqual(["clip.eng.vtt", "clip.mp4"]);
  });

  it("writes every text track of an mkv; a shared language adds the index, no language uses the index", async () => {
    const root = world({ "clip.mkv": "three.mkv" });
    expect(await runKind(extractSubKind, makeTaskContext(root, "/clip.mkv"), {})).toBe(
      "/clip.eng.vtt, /clip.1.vtt, /clip.eng.2.vtt",
    );
    await expectCues(join(root, "clip.eng.vtt"), "webvtt", "EN");
    await expectCues(join(root, "clip.1.vtt"), "webvtt", "ASS");
    await expectCues(join(root, "clip.eng.2.vtt"), "webvtt", "EN2");
  });

  it("writes srt with SubRip times", async () => {
    const root = world({ "clip.mkv": "three.mkv" });
    await runKind(extractSubKind, makeTaskContext(root, "/clip.mkv"), { subFormat: "srt" });
    await expectCues(join(root, "clip.eng.srt"), "srt", "EN");
    expect(readFileSync(join(root, "clip.1.srt"), "utf8")).toMatch(/^1\r?\n00:00:00,2\d\d --> 00:00:00,9\d\d/);
  });

  it("writes ass with an Events section of Dialogue lines", async () => {
    const root = world({ "clip.mp4": "movtext.mp4" });
    await runKind(extractSubKind, makeTaskContext(root, "/clip.mp4"), { subFormat: "ass" });
    const out = join(root, "clip.eng.ass");
    await expectCues(out, "ass", "EN");
    const text = readFileSync(out, "utf8");
    expect(text).toContain("[Events]");
    expect(text.split("\n").filter((l) => l.startsWith("Dialogue:"))).toHaveLength(2);
  });

  it("skips existing subtitle files unless overwrite is on", async () => {
    const root = world({ "clip.mkv": "three.mkv", "clip.eng.vtt": "text:old" });
    const done = await runKind(extractSubKind, makeTaskContext(root, "/clip.mkv"), {});
    expect(done).toBe("/clip.1.vtt, /clip.eng.2.vtt; skipped existing /clip.eng.vtt");
    expect(readFileSync(join(root, "clip.eng.vtt"), "utf8")).toBe("old");
    expect(await runKind(extractSubKind, makeTaskContext(root, "/clip.mkv"), {})).toBe(
      "/clip.mkv: skipped, every subtitle file exists (/clip.eng.vtt, /clip.1.vtt, /clip.eng.2.vtt)",
    );
    await runKind(extractSubKind, makeTaskContext(root, "/clip.mkv"), { overwrite: true });
    await expectCues(join(root, "clip.eng.vtt"), "webvtt", "EN");
  });

  it("ends done saying none was found for a video without text subtitles, writing nothing", async () => {
    const root = world({ "plain.mp4": "plain.mp4" });
    expect(await runKind(extractSubKind, makeTaskContext(root, "/plain.mp4"), {})).toBe(
      "/plain.mp4: no text subtitle stream found",
    );
    expect(readdirSync(root)).toEqual(["plain.mp4"]);
  });

  it("takes every video under a folder that the rules allow", async () => {
    const root = world({
      "a/one.mp4": "movtext.mp4",
      "a/b/two.mkv": "three.mkv",
      "no/three.mp4": "movtext.mp4",
      "plain.mp4": "plain.mp4",
    });
    const h = makeTaskContext(root, "/", [denyPath("/no")]);
    const done = await runKind(extractSubKind, h, { subFormat: "srt" });
    expect(done.split("\n")).toEqual([
      "/a/b/two.eng.srt, /a/b/two.1.srt, /a/b/two.eng.2.srt",
      "/a/one.eng.srt",
      "/plain.mp4: no text subtitle stream found",
    ]);
    expect(existsSync(join(root, "no/three.eng.srt"))).toBe(false);
  });

  it("keeps two videos of one name apart: the second one's files keep its extension", async () => {
    const root = world({ "clip.mkv": "three.mkv", "clip.mp4": "movtext.mp4" });
    const done = await runKind(extractSubKind, makeTaskContext(root, "/"), {});
    expect(done.split("\n")).toEqual(["/clip.eng.vtt, /clip.1.vtt, /clip.eng.2.vtt", "/clip.mp4.eng.vtt"]);
    await expectCues(join(root, "clip.eng.vtt"), "webvtt", "EN");
    await expectCues(join(root, "clip.mp4.eng.vtt"), "webvtt", "EN");
  });

  it("stops when cancelled, leaving no file behind", async () => {
    const root = world({ "clip.mkv": "three.mkv" });
    const h = makeTaskContext(root, "/clip.mkv");
    const run = runKind(extractSubKind, h, {});
    h.controller.abort();
    await expect(run).rejects.toBeInstanceOf(ToolAborted);
    expect(readdirSync(root)).toEqual(["clip.mkv"]);
  });
});

describe("subtitleOutputs", () => {
  const sub = (index: number, language: string) => ({
    index,
    language,
    codec: "subrip",
    title: "",
    kind: "text" as const,
  });

  it("names by language, by index without one, and adds the index when a language repeats", () => {
    const outs = subtitleOutputs(
      "/v/My Film.2024.mkv",
      [sub(0, "eng"), sub(1, "eng"), sub(2, ""), sub(3, "pt-BR"), sub(4, "../x")],
      "srt",
    );
    expect(outs.map((o) => o.output)).toEqual([
      "/v/My Film.2024.eng.srt",
      "/v/My Film.2024.eng.1.srt",
      "/v/My Film.2024.2.srt",
      "/v/My Film.2024.pt-BR.srt",
      "/v/My Film.2024.4.srt",
    ]);
  });
});

describe("extract_sub refusals and params", () => {
  it("refuses a target that is neither a video nor a folder with the documented sentence", () => {
    const root = world({ "song.mp3": "text:x", "notes.srt": "text:x" });
    for (const p of ["/song.mp3", "/notes.srt"]) {
      expect(() => extractSubKind.checkTarget(makeTaskContext(root, p).ctx.target)).toThrow(
        new TaskInputError(EXTRACT_SUB_REFUSAL),
      );
    }
    expect(EXTRACT_SUB_REFUSAL).toBe("hey man, you can only extract subtitle from video file or directory");
  });

  it("defaults to vtt without overwrite and refuses other formats", () => {
    expect(extractSubKind.parseParams(undefined)).toEqual({ subFormat: "vtt", overwrite: false });
    expect(() => extractSubKind.parseParams({ subFormat: "sub" })).toThrow(TaskInputError);
    expect(() => extractSubKind.parseParams({ overwrite: 1 })).toThrow(TaskInputError);
  });
});
