import type { TestServer } from "../support/server";
import type { Browser, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test, dragFilesOver, item, openFolder, screenshot, signIn, writeTree } from "./fixtures";
import { mosaicCardWidth, mosaicColumns, thumbnailWidth } from "../../src/ui/stores/listing-layout";

const PHOTOS = join(process.cwd(), "scripts", "sample-files", "photos");
const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
];

test.use({
  serverOptions: {
    prepare: async (server) => {
      const landscape = readFileSync(join(PHOTOS, "sunrise.jpg"));
      writeTree(server.root, {
        "gallery/a-landscape.jpg": landscape,
        "gallery/a-portrait.jpg": await sharp(landscape).rotate(90).jpeg().toBuffer(),
        "gallery/a-fractal.png": readFileSync(join(PHOTOS, "fractal.png")),
        "gallery/Holiday photos/": "",
        "gallery/Projects/": "",
        "gallery/main.py": "print('hi')\n",
        "gallery/backup.tar.gz": "x",
        "gallery/report.pdf": "%PDF",
        "gallery/budget.xlsx": "x",
        "gallery/talk.pptx": "x",
        "gallery/movie.srt": "1\n",
        "gallery/debian.iso": "x",
        "gallery/setup.exe": "x",
        "gallery/linux.torrent": "x",
        "gallery/font.woff2": "x",
        "gallery/notes.txt": "x",
        "gallery/song.mp3": "x",
        "gallery/clip.mp4": "x",
      });
    },
  },
});

async function openGallery(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number },
  options: { deviceScaleFactor?: number; colorScheme?: "light" | "dark" } = {},
) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  await signIn(page, server);
  await openFolder(page, server, "/gallery/");
  // The view mode is saved in the profile: every test starts from the list.
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.locator(".items.mosaic")).toHaveCount(0);
  return { context, page };
}

async function showMosaic(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Mosaic view" }).click();
  await expect(page.locator(".items.mosaic")).toBeVisible();
  // Every thumbnail has loaded (or fallen back to an icon).
  await expect
    .poll(() => page.locator("img.thumb").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
}

for (const size of SIZES) {
  test(`mosaic at ${size.name} px: floor(width / 300) columns, at least two, portraits shown whole`, async ({
    browser,
    server,
  }, testInfo) => {
    const { context, page } = await openGallery(browser, server, size.viewport);
    await screenshot(page, testInfo, `list-${size.name}`);
    await showMosaic(page);
    const width = await page.getByRole("listbox", { name: "Items" }).evaluate((el) => el.clientWidth);
    const grid = page.getByRole("group", { name: "Files" }).locator(".section-items");
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(mosaicColumns(width));
    expect(columns).toBeGreaterThanOrEqual(2);
    const portrait = item(page, "a-portrait.jpg").locator("img");
    expect(await portrait.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
    const natural = await portrait.evaluate((img) => ({
      w: (img as HTMLImageElement).naturalWidth,
      h: (img as HTMLImageElement).naturalHeight,
    }));
    expect(natural.h).toBeGreaterThan(natural.w);
    await screenshot(page, testInfo, `mosaic-${size.name}`);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, testInfo, `mosaic-${size.name}-dark`);
    await context.close();
  });
}

test("mosaic thumbnails are requested at the card's device-pixel width, rounded to a cache bucket", async ({
  browser,
  server,
}, testInfo) => {
  const { context, page } = await openGallery(browser, server, { width: 1280, height: 800 }, { deviceScaleFactor: 2 });
  const listSrc = await item(page, "a-landscape.jpg").locator("img").getAttribute("src");
  expect(new URL(listSrc!, server.url).searchParams.get("w")).toBe(String(thumbnailWidth(36, 2)));
  await showMosaic(page);
  const width = await page.getByRole("listbox", { name: "Items" }).evaluate((el) => el.clientWidth);
  const expected = thumbnailWidth(mosaicCardWidth(width, mosaicColumns(width)), 2);
  expect(expected).toBe(768);
  const src = await item(page, "a-landscape.jpg").locator("img").getAttribute("src");
  expect(new URL(src!, server.url).searchParams.get("w")).toBe(String(expected));
  const natural = await item(page, "a-landscape.jpg")
    .locator("img")
    .evaluate((img) => (img as HTMLImageElement).naturalWidth);
  expect(natural).toBe(expected);
  await screenshot(page, testInfo, "mosaic-1280-2x");
  await context.close();
});

for (const size of SIZES) {
  test(`drag-hover highlight on a folder at ${size.name} px, light and dark`, async ({ browser, server }, testInfo) => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await openGallery(browser, server, size.viewport, { colorScheme });
      const folder = item(page, "Projects");
      await dragFilesOver(page, [{ name: "a.txt", content: "a" }], folder);
      await expect(folder).toHaveClass(/drop-target/);
      await expect(page.getByText("Drop files to upload to Projects")).toBeVisible();
      await screenshot(page, testInfo, `drag-folder-${size.name}-${colorScheme}`);
      await dragFilesOver(page, [{ name: "a.txt", content: "a" }], page.getByRole("group", { name: "Files" }));
      await expect(page.getByText("Drop files to upload to gallery")).toBeVisible();
      await expect(folder).not.toHaveClass(/drop-target/);
      await screenshot(page, testInfo, `drag-current-${size.name}-${colorScheme}`);
      await context.close();
    }
  });
}
