/** A logged-out visitor sees what a link shares: each file as the owner's preview shows it, a folder's photos in a viewer. */
import type { Page } from "@playwright/test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeMkvWithSubs } from "../support/media";
import { expect, test, screenshot, TOUCH_PHONE, writeTree } from "./fixtures";
import { createLink, inEveryLook, openShare, visitorPage } from "./share-fixtures";

const SAMPLES = join(import.meta.dirname, "..", "..", "scripts", "sample-files");
const sample = (path: string) => readFileSync(join(SAMPLES, path));

const links: Record<string, string> = {};

test.use({
  serverOptions: {
    prepare: async (server) => {
      const made = mkdtempSync(join(tmpdir(), "fbe-visitor-"));
      await makeMkvWithSubs(made, "movie.mkv");
      writeTree(server.root, {
        "sunrise.jpg": sample("photos/sunrise.jpg"),
        "clip.mp4": sample("media/clip.mp4"),
        "movie.mkv": readFileSync(join(made, "movie.mkv")),
        "tone.mp3": sample("media/tone.mp3"),
        "guide.pdf": sample("docs/guide.pdf"),
        "shopping-list.md": sample("notes/shopping-list.md"),
        "album/a-sunrise.jpg": sample("photos/sunrise.jpg"),
        "album/b-fractal.png": sample("photos/fractal.png"),
        "album/c-notes.txt": "not a photo\n",
        "album/d-rotated.jpg": sample("photos/rotated.jpg"),
      });
      for (const name of ["sunrise.jpg", "clip.mp4", "movie.mkv", "tone.mp3", "guide.pdf", "shopping-list.md"])
        links[name] = await createLink(server, `/${name}`);
      links.album = await createLink(server, "/album/");
      links.lockedMovie = await createLink(server, "/movie.mkv", "?expires=1&unit=hours", { password: "let me in" });
    },
  },
});

/** Waits until the page's <video> has loaded enough to show a frame, and answers where it came from. */
async function videoPlays(page: Page): Promise<string> {
  const video = page.locator("video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  return video.evaluate((v: HTMLVideoElement) => v.currentSrc);
}

test("a visitor of a shared JPEG, MP4, MKV, MP3, PDF or markdown file sees it as the owner's preview shows it", async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser);
  await openShare(page, server, links["sunrise.jpg"]);
  const photo = page.getByRole("img", { name: "sunrise.jpg" });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.locator(".share-image")).not.toHaveAttribute("data-zoom", "1");
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect(page.locator(".share-image")).toHaveAttribute("data-zoom", "1");

  await openShare(page, server, links["clip.mp4"]);
  await expect(page.getByRole("group", { name: "Video player" })).toBeVisible();
  expect(await videoPlays(page)).toContain(`/api/public/dl/${links["clip.mp4"]}`);

  // A Matroska video with subtitle streams: its subtitles come through the link, and it plays.
  const playlists: string[] = [];
  page.on("request", (r) => r.url().includes("/api/public/") && playlists.push(r.url()));
  await openShare(page, server, links["movie.mkv"]);
  await videoPlays(page);
  await expect.poll(() => page.locator("video track").count()).toBe(3);
  expect(await page.locator("video track").first().getAttribute("src")).toContain(
    `/api/public/vtt/${links["movie.mkv"]}?si=0`,
  );
  await page.getByRole("group", { name: "Video player" }).hover();
  await expect
    .poll(() => playlists.some((u) => u.includes(`/api/public/frame/${links["movie.mkv"]}?thumbnails=vtt`)))
    .toBe(true);

  await openShare(page, server, links["tone.mp3"]);
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(0);

  await openShare(page, server, links["guide.pdf"]);
  await expect(page.locator("object.preview-pdf")).toHaveAttribute(
    "data",
    `/api/public/dl/${links["guide.pdf"]}?inline=true`,
  );

  await openShare(page, server, links["shopping-list.md"]);
  const rendered = page.frameLocator("iframe.share-markdown");
  await expect(rendered.getByRole("heading", { name: "Shopping list" })).toBeVisible();
  await expect(rendered.getByRole("listitem").first()).toHaveText("coffee beans");
  await page.context().close();
});

test("a password link's video plays transcoded through the link once the password is given", async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser);
  await page.route("**/api/public/probe/**", async (route) => {
    // Seen as a browser that cannot play Matroska: the player must start on a transcoded HLS quality.
    const res = await route.fetch();
    const body = (await res.json()) as { metainfo: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...body, metainfo: { ...body.metainfo, VCodecName: "rv40" } } });
  });
  await openShare(page, server, links.lockedMovie);
  await page.getByLabel("Password", { exact: true }).fill("let me in");
  const playlists: string[] = [];
  page.on("request", (r) => r.url().includes("/api/public/playlist/") && playlists.push(r.url()));
  await page.getByRole("button", { name: "Open" }).click();
  // As for the owner, nothing is encoded until Play is pressed (docs/video.md "Starting").
  const player = page.getByRole("group", { name: "Video player" });
  await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
  expect(playlists).toEqual([]);
  await player.getByRole("button", { name: "Play" }).click();
  const source = await videoPlays(page);
  expect(playlists.length).toBeGreaterThan(0);
  expect(source).toMatch(/^blob:/);
  await page.context().close();
});

test("in a shared folder the photo viewer steps with previous and next, the arrow keys and a swipe", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext(TOUCH_PHONE);
  const page = await context.newPage();
  await openShare(page, server, links.album);
  await page.getByRole("button", { name: "a-sunrise.jpg" }).tap();
  const viewer = page.getByRole("dialog", { name: "Preview of a-sunrise.jpg" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Previous photo" })).toHaveCount(0);
  await viewer.getByRole("button", { name: "Next photo" }).tap();
  // The text file between the photos is skipped.
  await expect(page.getByRole("dialog", { name: "Preview of b-fractal.png" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  const last = page.getByRole("dialog", { name: "Preview of d-rotated.jpg" });
  await expect(last).toBeVisible();
  await expect(last.getByRole("button", { name: "Next photo" })).toHaveCount(0);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Preview of b-fractal.png" })).toBeVisible();
  // A swipe to the right goes back to the first photo.
  const box = (await page.locator(".share-image").boundingBox())!;
  const y = box.y + box.height / 2;
  await page
    .locator(".share-image")
    .dispatchEvent("pointerdown", { pointerId: 1, clientX: box.x + 60, clientY: y, isPrimary: true });
  await page
    .locator(".share-image")
    .dispatchEvent("pointermove", { pointerId: 1, clientX: box.x + 200, clientY: y + 5, isPrimary: true });
  await page
    .locator(".share-image")
    .dispatchEvent("pointerup", { pointerId: 1, clientX: box.x + 260, clientY: y + 5, isPrimary: true });
  await expect(page.getByRole("dialog", { name: "Preview of a-sunrise.jpg" })).toBeVisible();
  await context.close();
});

test("the QR code of the link stays behind a small button on the public page", async ({ browser, server }) => {
  const page = await visitorPage(browser);
  await openShare(page, server, links["guide.pdf"]);
  await expect(page.getByRole("heading", { name: "guide.pdf" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the link to this share" })).toHaveCount(0);
  const button = page.getByRole("button", { name: "Show the QR code of this link" });
  await button.click();
  await expect(page.getByRole("img", { name: "QR code of the link to this share" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("img", { name: "QR code of the link to this share" })).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await page.context().close();
});

test(
  "takes screenshots of a visitor's previews in light and dark at desktop and phone widths",
  { tag: "@screens" },
  async ({ browser, server }, testInfo) => {
    test.setTimeout(240_000);
    await inEveryLook(browser, async (page, tag) => {
      for (const [name, shot] of [
        ["sunrise.jpg", "image"],
        ["clip.mp4", "video"],
        ["tone.mp3", "audio"],
        ["guide.pdf", "pdf"],
        ["shopping-list.md", "markdown"],
      ]) {
        await openShare(page, server, links[name]);
        await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
        await page.waitForTimeout(shot === "video" || shot === "pdf" ? 1500 : 500);
        await screenshot(page, testInfo, `visitor-${shot}-${tag}`);
      }
      await openShare(page, server, links.album);
      await page.getByRole("button", { name: "b-fractal.png" }).click();
      await expect
        .poll(() =>
          page.getByRole("img", { name: "b-fractal.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await screenshot(page, testInfo, `visitor-folder-photo-${tag}`);
      await page.keyboard.press("Escape");
      await openShare(page, server, links["guide.pdf"]);
      await page.getByRole("button", { name: "Show the QR code of this link" }).click();
      await screenshot(page, testInfo, `visitor-qr-${tag}`);
    });
  },
);
