/**
 * @module Browser tests of the preview for a user without the download permission (docs/security.md "Download
 * permission"): audio and PDF show a sentence instead of a player or a frame, asking nothing for the file; an image
 * shows its thumbnail; a video plays from HLS without a direct request first; a text keeps its preview. Media is
 * made here with the real ffmpeg.
 */
import type { Page, Request, Response } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ffmpeg, makeVideo } from "../support/media";
import { expect, test, createUser, PNG_RED, screenshot, settled, signInAs, writeTree } from "./fixtures";

const USER = "viewer";
const PASSWORD = "viewer-password-1";
const NEEDS_DOWNLOAD = "Previewing this file needs the download permission.";

/** A one-page PDF header and body; the preview must not ask for it, so it need not draw. */
const PDF = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

test.use({
  serverOptions: {
    prepare: async (server) => {
      const media = join(server.root, "media");
      mkdirSync(media, { recursive: true });
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:duration=1",
        "-ac",
        "1",
        "-c:a",
        "libmp3lame",
        "-b:a",
        "64k",
        join(media, "tone.mp3"),
      ]);
      await makeVideo(media, "clip.mp4", 2, "320x240");
      writeTree(server.root, {
        "media/paper.pdf": PDF,
        "media/red.png": PNG_RED,
        "media/notes.txt": "Plain notes for everyone\n",
        "media/blob.bin": "\u0000\u0001binary",
      });
      await createUser(server, USER, PASSWORD, {});
    },
  },
});

const preview = (page: Page) => page.getByRole("region", { name: "File preview" });

/** Every request the page makes and every answer it gets from now on. */
function watch(page: Page): { requests: Request[]; responses: Response[] } {
  const seen = { requests: [] as Request[], responses: [] as Response[] };
  page.on("request", (r) => seen.requests.push(r));
  page.on("response", (r) => seen.responses.push(r));
  return seen;
}

/** The paths of the answers that refused something (403), for a readable failure. */
const refused = (responses: Response[]) =>
  responses.filter((r) => r.status() === 403).map((r) => new URL(r.url()).pathname + new URL(r.url()).search);

/** Requests naming `name` that would need the file's own bytes: raw reads and probes. */
const originalReads = (requests: Request[], name: string) =>
  requests.map((r) => r.url()).filter((u) => (u.includes("/api/raw/") || u.includes("probe=yes")) && u.includes(name));

test.beforeEach(async ({ page, server }) => {
  await signInAs(page, server, USER, PASSWORD);
});

test("audio and PDF previews say they need the download permission and never ask for the file", async ({
  page,
  server,
}) => {
  const seen = watch(page);
  for (const name of ["tone.mp3", "paper.pdf"]) {
    await page.goto(`${server.url}/files/media/${name}`);
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(preview(page).getByRole("status")).toHaveText(NEEDS_DOWNLOAD);
    await expect(preview(page).getByRole("heading", { level: 2, name })).toBeVisible();
    // No broken player or frame, no download link the server would refuse, no error popup.
    await expect(preview(page).locator("audio, object, iframe")).toHaveCount(0);
    await expect(preview(page).getByRole("link", { name: "Download file" })).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast][data-type='error']")).toHaveCount(0);
  }
  expect(originalReads(seen.requests, "tone.mp3")).toEqual([]);
  expect(originalReads(seen.requests, "paper.pdf")).toEqual([]);
  expect(refused(seen.responses)).toEqual([]);
});

test("an image shows the picture the server makes from it", async ({ page, server }) => {
  const seen = watch(page);
  await page.goto(`${server.url}/files/media/red.png`);
  const image = preview(page).getByRole("img", { name: "red.png" }).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(preview(page).getByText(NEEDS_DOWNLOAD)).toHaveCount(0);
  expect(refused(seen.responses)).toEqual([]);
});

test("a video plays from HLS straight away, with no direct request that the server refuses", async ({
  page,
  server,
}) => {
  const seen = watch(page);
  await page.goto(`${server.url}/files/media/clip.mp4`);
  const player = page.getByRole("group", { name: "Video player" });
  await expect(player).toBeVisible();
  await player.getByRole("button", { name: "Play" }).click();
  await expect
    .poll(() => player.locator("video").evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const playlists = seen.responses.filter((r) => new URL(r.url()).pathname.startsWith("/api/playlist/media/clip.mp4"));
  expect(playlists.some((r) => r.status() === 200 && (r.headers()["content-type"] ?? "").includes("mpegurl"))).toBe(
    true,
  );
  expect(originalReads(seen.requests, "clip.mp4")).toEqual([]);
  expect(refused(seen.responses)).toEqual([]);
  await expect(player.getByRole("alert")).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast][data-type='error']")).toHaveCount(0);
});

test("a small text file keeps its text preview", async ({ page, server }) => {
  await page.goto(`${server.url}/files/media/notes.txt`);
  await expect(page.getByText("Plain notes for everyone")).toBeVisible();
  await expect(page.getByText(NEEDS_DOWNLOAD)).toHaveCount(0);
});

test("a file with no preview shows its card without a download link the server would refuse", async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/files/media/blob.bin`);
  await expect(preview(page).getByText("No preview is available for this file.")).toBeVisible();
  await expect(preview(page).getByRole("link", { name: "Download file" })).toHaveCount(0);
});

test(
  "screenshots of the needs-download preview at 1280 and 375 px",
  { tag: "@screens" },
  async ({ page, server }, info) => {
    for (const [width, height] of [
      [1280, 800],
      [375, 740],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/files/media/tone.mp3`);
      await expect(preview(page).getByRole("status")).toHaveText(NEEDS_DOWNLOAD);
      await expect(page.locator("#loading")).toHaveCount(0);
      await settled(page);
      await screenshot(page, info, `needs-download-audio-${width}`);
    }
  },
);
