/**
 * @module Browser tests of the video player (docs/product.md "Video player", "Playback messages",
 * "Slideshow and video defaults"): direct
 * play of an H.264/AAC mp4, an MPEG-4/MP3 AVI through HLS, switching quality while playing, subtitle tracks, the
 * video keys and the player's own menus, the Video settings (disablePreview, disableHls). Media made with ffmpeg.
 */
import type { Page } from "@playwright/test";
import { join } from "node:path";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { DEFAULT_SETTINGS } from "../../src/shared/wire/settings";
import { ffmpeg, makeMp4WithMovText, makeVideo, TEST_CUES } from "../support/media";
import { login, type TestServer } from "../support/server";
import { encoderCounts } from "../support/hls";
import { makeUser, putUser, type TestUser } from "../support/factories";
import { expect, test, networkQuiet, screenshot, signInAs } from "./fixtures";

/** A user whose saved interface language is Japanese. */
let japanese: TestUser;

/** Sets the global Video settings through the settings API (the defaults, changed by `change`). */
async function setVideo(server: TestServer, change: Partial<typeof DEFAULT_SETTINGS.video>): Promise<void> {
  const res = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    headers: { "X-Auth": await login(server), "Content-Type": "application/json" },
    body: JSON.stringify({ video: { ...DEFAULT_SETTINGS.video, ...change } }),
  });
  expect(res.status).toBe(200);
}

/** A `seconds`-long 640x480 AVI with MPEG-4 Part 2 video and MP3 sound: no browser plays it as it is. */
async function makeAvi(path: string, seconds: number): Promise<void> {
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=640x480:rate=25:duration=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=330:duration=${seconds}`,
    "-c:v",
    "mpeg4",
    "-q:v",
    "8",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "64k",
    "-t",
    String(seconds),
    path,
  ]);
}

/** A 2 s 320x240 mp4 with two mov_text tracks of TEST_CUES: English ("EN …") and Japanese ("JA …"). */
async function makeTwoLanguages(path: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "fbe-subs-"));
  const srt = (label: string) => {
    const file = join(dir, `${label}.srt`);
    const time = (s: number) => `00:00:0${Math.floor(s)},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;
    writeFileSync(
      file,
      TEST_CUES.map((c, i) => `${i + 1}\n${time(c.start)} --> ${time(c.end)}\n${label} ${c.text}\n`).join("\n"),
    );
    return file;
  };
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=25:duration=2",
    "-i",
    srt("EN"),
    "-i",
    srt("JA"),
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:s",
    "mov_text",
    "-metadata:s:s:0",
    "language=eng",
    "-metadata:s:s:1",
    "language=jpn",
    "-t",
    "2",
    path,
  ]);
  rmSync(dir, { recursive: true });
}

const player = (page: Page) => page.getByRole("group", { name: "Video player" });
const video = (page: Page) => player(page).locator("video");
/** A property of the player's <video> element. */
const prop = (page: Page, name: "currentTime" | "volume" | "muted" | "paused" | "src") =>
  video(page).evaluate((v, n) => (v as HTMLVideoElement)[n as "currentTime"], name);

/** The text of the cues showing now in the player (`within`, the page's player by default), "|"-joined. */
const activeCue = (page: Page, within = player(page)) =>
  within.locator("video").evaluate((v) => {
    const track = Array.from((v as HTMLVideoElement).textTracks).find((t) => t.mode === "showing");
    return Array.from(track?.activeCues ?? [])
      .map((c) => (c as VTTCue).text)
      .join("|");
  });

/** Waits until no popup covers the player. */
const noToasts = (page: Page) => expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 5000 });

async function openVideo(page: Page, server: TestServer, path: string): Promise<void> {
  await page.goto(`${server.url}/files${path}`);
  await expect(player(page)).toBeVisible();
}

async function play(page: Page): Promise<void> {
  await player(page).getByRole("button", { name: "Play" }).click();
  await expect(player(page).getByRole("button", { name: "Pause" })).toBeVisible();
}

test.use({
  serverOptions: {
    env: { FBE_HLS_DEBUG: "1" },
    prepare: async (server) => {
      const dir = join(server.root, "media");
      mkdirSync(dir, { recursive: true });
      await makeMp4WithMovText(dir, "clip.mp4");
      // A sidecar beside it, found by base name (docs/product.md "Resource").
      writeFileSync(join(dir, "clip.srt"), "1\n00:00:00,000 --> 00:00:05,000\nSidecar says hi\n");
      await makeVideo(dir, "keys.mp4", 12, "320x240");
      await makeVideo(dir, "tall.mp4", 8, "640x480");
      await makeAvi(join(dir, "old.avi"), 6);
      // HEVC: Chromium on Linux does not play it (docs/product.md "Playable codecs": only Edge, Safari and iOS Chrome).
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=640x480:rate=25:duration=4",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:duration=4",
        "-c:v",
        "libx265",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-tag:v",
        "hvc1",
        "-c:a",
        "aac",
        "-t",
        "4",
        join(dir, "hevc.mp4"),
      ]);
      mkdirSync(join(server.root, "subs"));
      await makeTwoLanguages(join(server.root, "subs", "two.mp4"));
      const admin = await login(server);
      japanese = await makeUser(server, admin, { scope: "/" });
      expect((await putUser(server, admin, japanese.id, ["locale"], { locale: "ja" })).status).toBe(200);
      // Its own folder and name: no earlier test has encoded (and cached) its segments.
      const idle = join(server.root, "idle");
      mkdirSync(idle);
      await makeAvi(join(idle, "look.avi"), 6);
      const hd = join(server.root, "hd");
      mkdirSync(hd, { recursive: true });
      await makeVideo(hd, "full.mp4", 2, "1920x1080");
      // H.264 with AC-3 sound: only Edge plays AC-3.
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=640x480:rate=25:duration=3",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=500:duration=3",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "ac3",
        "-t",
        "3",
        join(hd, "dolby.mp4"),
      ]);
    },
  },
});

test.beforeEach(async ({ server }) => {
  await setVideo(server, { seekDelta: 2, seekDeltaLong: 6, volume: 60 });
});

test("an H.264/AAC mp4 plays directly, with the settings' volume, and its time advances", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/keys.mp4");
  expect(await prop(page, "src")).toMatch(/\/api\/raw\/media\/keys\.mp4\?auth=.+&inline=true$/);
  expect(await prop(page, "volume")).toBeCloseTo(0.6, 5);
  // 320x240: the smallest quality (encoded at the source's height) is the only transcoded one, after normal.
  await player(page).getByRole("button", { name: "Quality" }).click();
  await expect(player(page).getByRole("menuitemradio")).toHaveText(["Original", "480p 1 Mbps"]);
  await page.keyboard.press("Escape");
  await play(page);
  await expect.poll(() => prop(page, "currentTime")).toBeGreaterThan(0.5);
});

test("with autoplay on, a video starts by itself", async ({ signedIn: page, server }) => {
  await setVideo(server, { autoplay: true });
  await openVideo(page, server, "/media/keys.mp4");
  await expect.poll(() => prop(page, "currentTime")).toBeGreaterThan(0.5);
  await expect(player(page).getByRole("button", { name: "Pause" })).toBeVisible();
});

test("the video keys play, seek by seekDelta (shift: seekDeltaLong), change the volume by 0.1 and mute", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/keys.mp4");
  await expect.poll(() => video(page).evaluate((v) => (v as HTMLVideoElement).readyState)).toBeGreaterThan(0);
  // A click on the seek bar moves there and leaves the keys to the player (not to the slider).
  const seek = player(page).getByRole("slider", { name: "Seek" });
  const box = (await seek.boundingBox())!;
  await seek.click({ position: { x: box.width * 0.1, y: box.height / 2 } });
  await expect.poll(() => prop(page, "currentTime")).toBeGreaterThan(0.5);
  expect(await prop(page, "currentTime")).toBeLessThan(2);
  await page.keyboard.press(" ");
  await expect.poll(() => prop(page, "paused")).toBe(false);
  await page.keyboard.press(" ");
  await expect.poll(() => prop(page, "paused")).toBe(true);
  const at = (await prop(page, "currentTime")) as number;
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => prop(page, "currentTime")).toBeCloseTo(at + 2, 1);
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => prop(page, "currentTime")).toBeCloseTo(at + 8, 1);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => prop(page, "currentTime")).toBeCloseTo(at + 6, 1);
  await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(() => prop(page, "currentTime")).toBeCloseTo(at, 1);
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => prop(page, "volume")).toBeCloseTo(0.7, 5);
  for (let i = 0; i < 9; i++) await page.keyboard.press("ArrowDown");
  await expect.poll(() => prop(page, "volume")).toBe(0);
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => prop(page, "volume")).toBeCloseTo(0.1, 5);
  await page.keyboard.press("m");
  await expect.poll(() => prop(page, "muted")).toBe(true);
  await expect(player(page).getByRole("button", { name: "Unmute" })).toBeVisible();
  await page.keyboard.press("m");
  await expect.poll(() => prop(page, "muted")).toBe(false);
  // ctrl+right: the next video of the folder (same-type siblings in listing order: clip, hevc, keys, old, tall).
  await page.keyboard.press("Control+ArrowRight");
  await expect(page).toHaveURL(`${server.url}/files/media/old.avi`);
  await page.keyboard.press("Control+ArrowLeft");
  await expect(page).toHaveURL(`${server.url}/files/media/keys.mp4`);
  // Pressed again while the next video is still loading (its answer held here), the key moves on from the routed
  // video, not from the one still on screen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const oldAvi = /\/api\/resources\/media\/old\.avi$/;
  await page.route(oldAvi, async (route) => {
    await held;
    // The page may have dropped a request its route moved away from: nothing is left to answer then.
    await route.continue().catch(() => {});
  });
  await page.keyboard.press("Control+ArrowRight");
  await expect(page).toHaveURL(`${server.url}/files/media/old.avi`);
  await page.keyboard.press("Control+ArrowRight");
  await expect(page).toHaveURL(`${server.url}/files/media/tall.mp4`);
  await page.keyboard.press("Control+ArrowLeft");
  await expect(page).toHaveURL(`${server.url}/files/media/old.avi`);
  await page.keyboard.press("Control+ArrowLeft");
  await expect(page).toHaveURL(`${server.url}/files/media/keys.mp4`);
  release();
  await page.unroute(oldAvi);
  await expect(player(page)).toBeVisible();
  await page.keyboard.press("q");
  await expect(page).toHaveURL(`${server.url}/files/media/`);
});

test("f puts the player full screen and back; where the browser refuses, 'fullscreen not Enabled'", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/keys.mp4");
  const fullscreenLabel = () => page.evaluate(() => document.fullscreenElement?.getAttribute("aria-label") ?? null);
  await page.keyboard.press("f");
  await expect.poll(fullscreenLabel).toBe("Video player");
  await page.keyboard.press("f");
  await expect.poll(fullscreenLabel).toBeNull();
  // A browser policy that refuses full screen (as an iframe without allowfullscreen does).
  await page.evaluate(() => {
    Element.prototype.requestFullscreen = () => Promise.reject(new TypeError("Permissions check failed"));
  });
  await page.keyboard.press("Enter");
  await expect(page.getByText("fullscreen not Enabled")).toBeVisible();
  expect(await fullscreenLabel()).toBeNull();
});

test("the player's menus keep their keys: arrows move in the menu, Esc closes it and not the preview", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/tall.mp4");
  const quality = player(page).getByRole("button", { name: "Quality" });
  await quality.click();
  const menu = player(page).getByRole("menu", { name: "Quality" });
  await expect(menu.getByRole("menuitemradio")).toHaveText(["Original", "480p 1 Mbps"]);
  await expect(menu.getByRole("menuitemradio", { name: "Original" })).toBeFocused();
  await expect(menu.getByRole("menuitemradio", { name: "Original" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitemradio", { name: "480p 1 Mbps" })).toBeFocused();
  expect(await prop(page, "volume")).toBeCloseTo(0.6, 5);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(quality).toBeFocused();
  await expect(page).toHaveURL(`${server.url}/files/media/tall.mp4`);
});

test("a subtitle track can be chosen and its cue shows: embedded mov_text and a sidecar .srt", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/clip.mp4");
  await player(page).getByRole("button", { name: "Subtitles" }).click();
  const menu = player(page).getByRole("menu", { name: "Subtitles" });
  await expect(menu.getByRole("menuitemradio")).toHaveText(["Off", "clip.srt", "English"]);
  await menu.getByRole("menuitemradio", { name: "English" }).click();
  // The first cue runs from 0.2 s to 0.9 s: stand in it.
  await video(page).evaluate((v, t) => ((v as HTMLVideoElement).currentTime = t), TEST_CUES[0].start + 0.3);
  await expect.poll(() => activeCue(page)).toBe(`EN ${TEST_CUES[0].text}`);
  await player(page).getByRole("button", { name: "Subtitles" }).click();
  await menu.getByRole("menuitemradio", { name: "clip.srt" }).click();
  await expect.poll(() => activeCue(page)).toBe("Sidecar says hi");
  await player(page).getByRole("button", { name: "Subtitles" }).click();
  await menu.getByRole("menuitemradio", { name: "Off" }).click();
  await expect.poll(() => activeCue(page)).toBe("");
});

test("subtitle tracks are named by language in the interface's language, that language's track shows at once, and the file plays as Original", async ({
  signedIn: page,
  browser,
  server,
}) => {
  await openVideo(page, server, "/subs/two.mp4");
  // The English interface: English is on from the start, its cue showing without a click.
  await video(page).evaluate((v, t) => ((v as HTMLVideoElement).currentTime = t), TEST_CUES[0].start + 0.3);
  await expect.poll(() => activeCue(page)).toBe(`EN ${TEST_CUES[0].text}`);
  await player(page).getByRole("button", { name: "Subtitles" }).click();
  const menu = player(page).getByRole("menu", { name: "Subtitles" });
  await expect(menu.getByRole("menuitemradio")).toHaveText(["Off", "English", "Japanese"]);
  await expect(menu.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("Original");
  await player(page).getByRole("button", { name: "Quality" }).click();
  await expect(player(page).getByRole("menu", { name: "Quality" }).getByRole("menuitemradio")).toHaveText([
    "Original",
    "480p 1 Mbps",
  ]);
  // A Japanese user: the names in Japanese, and the Japanese track on.
  const ja = await browser.newPage();
  await signInAs(ja, server, japanese.username, japanese.password);
  await ja.addInitScript(() => localStorage.setItem("fbe-locale", "ja"));
  await ja.goto(`${server.url}/files/subs/two.mp4`);
  const jaPlayer = ja.getByRole("group", { name: "ビデオプレーヤー" });
  await jaPlayer
    .locator("video")
    .evaluate((v, t) => ((v as HTMLVideoElement).currentTime = t), TEST_CUES[0].start + 0.3);
  await expect.poll(() => activeCue(ja, jaPlayer)).toBe(`JA ${TEST_CUES[0].text}`);
  await jaPlayer.getByRole("button", { name: "字幕" }).click();
  const jaMenu = jaPlayer.getByRole("menu", { name: "字幕" });
  await expect(jaMenu.getByRole("menuitemradio")).toHaveText(["オフ", "英語", "日本語"]);
  await expect(jaMenu.getByRole("menuitemradio", { name: "日本語" })).toHaveAttribute("aria-checked", "true");
  await ja.keyboard.press("Escape");
  await jaPlayer.getByRole("button", { name: "画質" }).click();
  await expect(jaPlayer.getByRole("menu", { name: "画質" }).getByRole("menuitemradio")).toHaveText([
    "オリジナル",
    "480p 1 Mbps",
  ]);
  await ja.close();
});

test("an MPEG-4/MP3 AVI plays through HLS; asking for the original file falls back to HLS and keeps playing", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/old.avi");
  // Flagged extension and an unplayable codec: it starts on the best transcoded quality (480p for a 480p source).
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("480p");
  await play(page);
  await expect.poll(() => prop(page, "currentTime"), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(await prop(page, "src")).toMatch(/^blob:/);
  await player(page).getByRole("button", { name: "Quality" }).click();
  await player(page).getByRole("menuitemradio", { name: "Original" }).click();
  // Chromium cannot play MPEG-4 Part 2: the original file fails and the player returns to a transcoded quality.
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("480p");
  const at = (await prop(page, "currentTime")) as number;
  await expect.poll(() => prop(page, "currentTime"), { timeout: 30_000 }).toBeGreaterThan(at + 0.5);
  expect(await prop(page, "paused")).toBe(false);
});

test("an AVI preview shows its poster and encodes nothing until Play is pressed, then plays through HLS", async ({
  signedIn: page,
  server,
}) => {
  // The server's count of encoder runs started (X-Hls-Encoders with FBE_HLS_DEBUG; a master playlist encodes nothing).
  const started = async () =>
    encoderCounts(
      await fetch(`${server.url}/api/playlist/idle/look.avi?master=true`, {
        headers: { "X-Auth": await login(server) },
      }),
    ).started;
  const segments: string[] = [];
  page.on("request", (r) => r.url().includes("seg=") && segments.push(r.url()));
  const before = await started();
  const posterLoaded = page.waitForResponse((r) => r.url().includes("/api/frame/idle/look.avi?") && r.status() === 200);
  await openVideo(page, server, "/idle/look.avi");
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("480p");
  // The poster: the still at 10 % of the duration, loaded and shown in the player.
  const poster = (await video(page).getAttribute("poster")) ?? "";
  expect(poster).toMatch(/\/api\/frame\/idle\/look\.avi\?auth=[^&]+&w=1280$/);
  expect((await posterLoaded).headers()["content-type"]).toBe("image/jpeg");
  // Looking until the page asks for nothing more starts no encoder and asks for no segment.
  await networkQuiet(page);
  expect(await started()).toBe(before);
  expect(segments).toEqual([]);
  await play(page);
  await expect.poll(() => prop(page, "currentTime"), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(await started()).toBeGreaterThan(before);
  expect(segments.length).toBeGreaterThan(0);
});

test("an HEVC video, which Chromium cannot play, starts on a transcoded quality and plays through HLS", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/hevc.mp4");
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("480p");
  await play(page);
  await expect.poll(() => prop(page, "currentTime"), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(await prop(page, "src")).toMatch(/^blob:/);
});

test("switching the quality of a playing mp4 keeps its position and keeps it playing", async ({
  signedIn: page,
  server,
}) => {
  await openVideo(page, server, "/media/tall.mp4");
  await play(page);
  await expect.poll(() => prop(page, "currentTime")).toBeGreaterThan(1.5);
  await player(page).getByRole("button", { name: "Pause" }).click();
  const before = (await prop(page, "currentTime")) as number;
  await play(page);
  await player(page).getByRole("button", { name: "Quality" }).click();
  await player(page).getByRole("menuitemradio", { name: "480p 1 Mbps" }).click();
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("480p");
  await expect.poll(() => prop(page, "src")).toMatch(/^blob:/);
  await expect.poll(() => prop(page, "currentTime"), { timeout: 30_000 }).toBeGreaterThan(before + 0.3);
  expect(await prop(page, "currentTime")).toBeLessThan(before + 4);
  expect(await prop(page, "paused")).toBe(false);
});

test("a 1080p source offers the whole quality list; AC-3 sound warns and starts on a transcoded quality", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await openVideo(page, server, "/hd/full.mp4");
  await player(page).getByRole("button", { name: "Quality" }).click();
  const items = player(page).getByRole("menu", { name: "Quality" }).getByRole("menuitemradio");
  await expect(items).toHaveText([
    "Original",
    "1080p 60 Mbps",
    "1080p 50 Mbps",
    "1080p 40 Mbps",
    "1080p 30 Mbps",
    "1080p 25 Mbps",
    "1080p 20 Mbps",
    "1080p 15 Mbps",
    "1080p 10 Mbps",
    "1080p 8 Mbps",
    "1080p 6 Mbps",
    "1080p 5 Mbps",
    "1080p 4 Mbps",
    "720p 4 Mbps",
    "720p 3 Mbps",
    "720p 2 Mbps",
    "720p 1.5 Mbps",
    "720p 1 Mbps",
    "480p 1 Mbps",
  ]);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  await expect(items.last()).toBeInViewport();
  await noToasts(page);
  await screenshot(page, testInfo, "video-quality-list-375");
  await openVideo(page, server, "/hd/dolby.mp4");
  await expect(page.getByText("the audio codec ac3 is not compatible with your browser!")).toBeVisible();
  await expect(player(page).getByRole("button", { name: "Quality" })).toContainText("480p");
  await play(page);
  await expect.poll(() => prop(page, "currentTime"), { timeout: 30_000 }).toBeGreaterThan(0.5);
});

test("with transcoding disabled an unplayable video says it needs transcoding; disablePreview gives the download card", async ({
  signedIn: page,
  server,
}) => {
  await setVideo(server, { disableHls: true });
  await page.goto(`${server.url}/files/media/old.avi`);
  await expect(page.getByRole("alert")).toHaveText("playback of this video need video transcoding enabled");
  await page.goto(`${server.url}/files/media/tall.mp4`);
  await expect(player(page).getByRole("button", { name: "Quality" })).toHaveCount(0);
  await setVideo(server, { disablePreview: true });
  await page.goto(`${server.url}/files/media/tall.mp4`);
  await expect(page.getByRole("link", { name: "Download file" })).toBeVisible();
  await expect(page.locator("video")).toHaveCount(0);
});

test("pointing at the seek bar shows the thumbnail of that time from the thumbnails track", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await openVideo(page, server, "/media/tall.mp4");
  await expect
    .poll(() => prop(page, "currentTime").then(() => video(page).evaluate((v) => (v as HTMLVideoElement).duration)))
    .toBeGreaterThan(7);
  const bar = player(page).getByRole("slider", { name: "Seek" });
  const box = (await bar.boundingBox())!;
  const sheet = page.waitForResponse((r) => r.url().includes("sprite=") && r.status() === 200);
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  const thumb = player(page).locator(".player-seek-thumb");
  await expect(thumb).toHaveCSS("background-image", /\/api\/frame\/media\/tall\.mp4\?.*sprite=\d+/);
  // The 4th tile of 2 s each, 160x120 for a 4:3 picture.
  await expect(thumb).toHaveCSS("background-position", "-480px 0px");
  await expect(player(page).locator(".player-seek-time")).toHaveText("0:06");
  await sheet;
  await noToasts(page);
  await screenshot(page, testInfo, "video-seek-thumbnail-1280");
});

test(
  "screenshots: the player with its quality and subtitle menus, wide, phone and dark",
  { tag: "@screens" },
  async ({ signedIn: page, server }, testInfo) => {
    const showCue = async () => {
      await player(page).getByRole("button", { name: "Subtitles" }).click();
      await player(page).getByRole("menuitemradio", { name: "English" }).click();
      await video(page).evaluate((v, t) => ((v as HTMLVideoElement).currentTime = t), TEST_CUES[0].start + 0.3);
      await player(page).getByRole("button", { name: "Subtitles" }).click();
      await noToasts(page);
    };
    await openVideo(page, server, "/media/clip.mp4");
    await showCue();
    await screenshot(page, testInfo, "video-subtitles-menu-1280");
    await openVideo(page, server, "/media/tall.mp4");
    await player(page).getByRole("button", { name: "Quality" }).click();
    await noToasts(page);
    await screenshot(page, testInfo, "video-quality-menu-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await player(page).getByRole("button", { name: "Quality" }).click();
    await noToasts(page);
    await screenshot(page, testInfo, "video-quality-menu-375");
    await openVideo(page, server, "/media/clip.mp4");
    await showCue();
    await screenshot(page, testInfo, "video-subtitles-menu-375");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openVideo(page, server, "/media/tall.mp4");
    await player(page).getByRole("button", { name: "Quality" }).click();
    await noToasts(page);
    await screenshot(page, testInfo, "video-quality-menu-dark-1280");
    await openVideo(page, server, "/subs/two.mp4");
    await showCue();
    await screenshot(page, testInfo, "video-subtitles-menu-dark-1280");
    // Before Play, a video that plays through HLS shows its poster.
    await openVideo(page, server, "/media/old.avi");
    await expect.poll(() => video(page).evaluate((v) => (v as HTMLVideoElement).poster)).toContain("/api/frame/");
    await page.waitForLoadState("networkidle");
    await expect(player(page).getByText("0:00 / 0:06")).toBeVisible();
    await noToasts(page);
    await screenshot(page, testInfo, "video-poster-dark-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.waitForLoadState("networkidle");
    await noToasts(page);
    await screenshot(page, testInfo, "video-poster-dark-375");
    await openVideo(page, server, "/subs/two.mp4");
    await showCue();
    await screenshot(page, testInfo, "video-subtitles-menu-dark-375");
    await player(page).getByRole("button", { name: "Quality" }).click();
    await screenshot(page, testInfo, "video-quality-menu-dark-375");
    // The menus of a Japanese user.
    const ja = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 375, height: 740 }, colorScheme: "light" });
    await signInAs(ja, server, japanese.username, japanese.password);
    await ja.addInitScript(() => localStorage.setItem("fbe-locale", "ja"));
    await ja.goto(`${server.url}/files/subs/two.mp4`);
    const jaPlayer = ja.getByRole("group", { name: "ビデオプレーヤー" });
    await jaPlayer.getByRole("button", { name: "字幕" }).click();
    await noToasts(ja);
    await screenshot(ja, testInfo, "video-subtitles-menu-ja-375");
    await ja.setViewportSize({ width: 1280, height: 800 });
    await jaPlayer.getByRole("button", { name: "画質" }).click();
    await screenshot(ja, testInfo, "video-quality-menu-ja-1280");
    await ja.close();
  },
);

test("the HLS encoders of these tests never ran beyond the server's bound", async ({ server }) => {
  // X-Hls-Encoders (FBE_HLS_DEBUG) reports this server's peak since it started: the figure of the closing note.
  const res = await fetch(`${server.url}/api/playlist/media/old.avi?res=480-1`, {
    headers: { "X-Auth": await login(server) },
  });
  expect(res.status).toBe(200);
  const counts = res.headers.get("x-hls-encoders") ?? "";
  const n = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(counts)?.[1] ?? -1);
  console.log(
    `[fbe] peak concurrent HLS encoders during the video browser tests: ${n("peak")} (bound ${n("max")}, runs started ${n("started")})`,
  );
  expect(n("max")).toBeGreaterThan(0);
  expect(n("peak")).toBeGreaterThanOrEqual(0);
  expect(n("peak")).toBeLessThanOrEqual(n("max"));
});
