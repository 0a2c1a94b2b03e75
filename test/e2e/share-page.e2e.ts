/** The public share page, /share/{hash}, seen by a visitor who never logged in. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { login } from "../support/server";
import { expect, test, screenshot, writeTree } from "./fixtures";
import { createLink, inEveryLook, openShare, visitorPage } from "./share-fixtures";
import { qrSvgDataUrl } from "../../src/ui/components/share/qr-svg";

const SAMPLES = join(import.meta.dirname, "..", "..", "scripts", "sample-files");
const SUNRISE = readFileSync(join(SAMPLES, "photos", "sunrise.jpg"));

let fileHash: string;
let folderHash: string;

test.use({
  serverOptions: {
    prepare: async (server) => {
      writeTree(server.root, {
        "report 2026.txt": "Quarterly numbers\nall fine\n",
        "album/sunrise.jpg": SUNRISE,
        "album/notes.txt": "Bring the tripod.\n",
        "album/trip/day one.txt": "Day one: the coast.\n",
        "album/trip/fractal.png": readFileSync(join(SAMPLES, "photos", "fractal.png")),
      });
      fileHash = await createLink(server, "/report%202026.txt", "?expires=2&unit=hours");
      folderHash = await createLink(server, "/album/");
    },
  },
});

test("a file link shows the name, its download and a QR code of the link behind a button, without header or sidebar", async ({
  browser,
  server,
}) => {
  const page = await visitorPage(browser);
  await openShare(page, server, fileHash);
  await expect(page.getByRole("heading", { name: "report 2026.txt" })).toBeVisible();
  await expect(page.getByText("Size: 27 B")).toBeVisible();
  await page.getByRole("button", { name: "Show the QR code of this link" }).click();
  const qr = page.getByRole("img", { name: "QR code of the link to this share" });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThan(100);
  // The QR image is the code of the page's full link, drawn the same way the page draws it.
  expect(await qr.getAttribute("src")).toBe(await qrSvgDataUrl(`${server.url}/share/${fileHash}`));
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "download file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("report 2026.txt");
  expect(readFileSync((await download.path())!)).toEqual(readFileSync(join(server.root, "report 2026.txt")));

  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
  await expect(page).toHaveTitle(/^report 2026\.txt - /);
  await page.context().close();
});

test("a folder link lists its items, opens a sub-folder inside the share and previews an image and a text", async ({
  browser,
  server,
}) => {
  const page = await visitorPage(browser);
  await openShare(page, server, folderHash);
  await expect(page.getByRole("heading", { name: "album" })).toBeVisible();
  const listing = page.getByRole("list", { name: "Shared folder contents" });
  await expect(listing.getByRole("listitem")).toHaveCount(3);
  await expect(listing.getByRole("button", { name: "notes.txt" })).toBeVisible();
  // The image's thumbnail is drawn from the public thumbnail URL.
  const thumb = listing.getByRole("listitem").filter({ hasText: "sunrise.jpg" }).locator("img");
  await expect(thumb).toHaveAttribute(
    "src",
    new RegExp(`/api/public/dl/${folderHash}/sunrise\\.jpg\\?thumb=true&w=\\d+`),
  );
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await listing.getByRole("link", { name: "trip" }).click();
  await expect(page).toHaveURL(`${server.url}/share/${folderHash}/trip/`);
  await expect(page.getByRole("heading", { name: "trip" })).toBeVisible();
  await expect(listing.getByRole("button", { name: "day one.txt" })).toBeVisible();
  await expect(listing.getByRole("listitem")).toHaveCount(2);
  const crumbs = page.getByRole("navigation", { name: "Folders of this share" });
  await expect(crumbs.getByRole("link", { name: "trip" })).toHaveAttribute("aria-current", "page");

  await listing.getByRole("button", { name: "fractal.png" }).click();
  const preview = page.getByRole("dialog", { name: "Preview of fractal.png" });
  const image = preview.getByRole("img", { name: "fractal.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);

  await listing.getByRole("button", { name: "day one.txt" }).click();
  await expect(
    page.getByRole("dialog", { name: "Preview of day one.txt" }).getByLabel("Content of day one.txt"),
  ).toHaveText("Day one: the coast.\n");
  await page.getByRole("button", { name: "Close" }).click();

  await crumbs.getByRole("link", { name: "Top of the share" }).click();
  await expect(page).toHaveURL(`${server.url}/share/${folderHash}`);
  await expect(page.getByRole("heading", { name: "album" })).toBeVisible();
  await page.context().close();
});

test("a folder's page works with the keyboard: tab to a file, open its preview, close it with Escape", async ({
  browser,
  server,
}) => {
  const page = await visitorPage(browser);
  await openShare(page, server, folderHash);
  const listing = page.getByRole("list", { name: "Shared folder contents" });
  // The first Tab goes to the first control on the page: press it once the page shows all of them.
  await expect(listing.getByRole("button", { name: "notes.txt" })).toBeVisible();
  await expect(page.getByRole("link", { name: "download folder" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "download folder" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Show the QR code of this link" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(listing.getByRole("link", { name: "trip" })).toBeFocused();
  await page.keyboard.press("Tab");
  const notes = listing.getByRole("button", { name: "notes.txt" });
  await expect(notes).toBeFocused();
  await page.keyboard.press("Enter");
  const preview = page.getByRole("dialog", { name: "Preview of notes.txt" });
  await expect(preview.getByLabel("Content of notes.txt")).toHaveText("Bring the tripod.\n");
  await expect(preview.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);
  await expect(notes).toBeFocused();
  await page.context().close();
});

test("a folder downloads as one zip archive", async ({ browser, server }) => {
  const page = await visitorPage(browser);
  await openShare(page, server, folderHash);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "download folder" }).click();
  const download = await downloading;
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
  await page.context().close();
});

test("an unknown or expired link shows that the share is not available", async ({ browser, server }) => {
  const page = await visitorPage(browser);
  await openShare(page, server, "no-such-link-at-all");
  await expect(page.getByRole("alert")).toHaveText("Error: this share is currently not available :(");
  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "download file" })).toHaveCount(0);
  // The expiring link is made once the page is ready, so its few seconds are not spent starting the browser.
  const created = Date.now();
  const expiring = await createLink(server, "/report%202026.txt", "?expires=4&unit=seconds");
  await openShare(page, server, expiring);
  await expect(page.getByRole("heading", { name: "report 2026.txt" })).toBeVisible();
  // Expiry is in whole seconds: by five seconds after creation the link is past its time. The visitor opens it
  // again until it says so, and that must happen by then (plus the time one opening takes).
  await expect(async () => {
    await openShare(page, server, expiring);
    await expect(page.getByRole("alert")).toHaveText("Error: this share is currently not available :(", {
      timeout: 500,
    });
  }).toPass({ intervals: [250], timeout: created + 5100 - Date.now() + 3000 });
  await page.context().close();
});

test.describe("under a base URL", () => {
  test.use({
    serverOptions: {
      args: ["--baseurl", "/app"],
      prepare: (server) => {
        writeTree(server.root, { "clip notes.txt": "under a base\n" });
      },
    },
  });

  test("links the QR code, the download and the page below the base URL", async ({ browser, server }) => {
    const res = await fetch(`${server.url}/api/share/clip%20notes.txt`, {
      method: "POST",
      headers: { "X-Auth": await login(server) },
    });
    const { hash } = (await res.json()) as { hash: string };
    const page = await visitorPage(browser);
    await page.goto(`${server.url}/share/${hash}`);
    await expect(page.getByRole("heading", { name: "clip notes.txt" })).toBeVisible();
    await page.getByRole("button", { name: "Show the QR code of this link" }).click();
    const qr = page.getByRole("img", { name: "QR code of the link to this share" });
    expect(await qr.getAttribute("src")).toBe(await qrSvgDataUrl(`${server.origin}/app/share/${hash}`));
    await expect(page.getByRole("link", { name: "download file" })).toHaveAttribute(
      "href",
      `/app/api/public/dl/${hash}`,
    );
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "download file" }).click();
    expect(readFileSync((await (await downloading).path())!).toString()).toBe("under a base\n");
    await page.context().close();
  });
});

test("follows the device's dark scheme when nobody is logged in", async ({ browser, server }) => {
  const page = await visitorPage(browser, "dark");
  await openShare(page, server, fileHash);
  await expect(page.getByRole("heading", { name: "report 2026.txt" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.context().close();
});

test(
  "takes screenshots of the share page in light and dark at desktop and phone widths",
  { tag: "@screens" },
  async ({ browser, server }, testInfo) => {
    await inEveryLook(browser, async (page, tag) => {
      await openShare(page, server, fileHash);
      await page.getByRole("button", { name: "Show the QR code of this link" }).click();
      await expect(page.getByRole("img", { name: "QR code of the link to this share" })).toBeVisible();
      await screenshot(page, testInfo, `share-file-${tag}`);
      await openShare(page, server, folderHash);
      await expect(page.getByRole("listitem").filter({ hasText: "sunrise.jpg" }).locator("img")).toBeVisible();
      await screenshot(page, testInfo, `share-folder-${tag}`);
      await page.getByRole("button", { name: "sunrise.jpg" }).click();
      await expect
        .poll(() =>
          page
            .getByRole("img", { name: "sunrise.jpg", exact: true })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await screenshot(page, testInfo, `share-preview-${tag}`);
      await page.keyboard.press("Escape");
      await openShare(page, server, `${folderHash}/trip/`);
      await page.getByRole("button", { name: "day one.txt" }).click();
      await expect(page.getByLabel("Content of day one.txt")).toBeVisible();
      await screenshot(page, testInfo, `share-text-preview-${tag}`);
      await page.keyboard.press("Escape");
      await screenshot(page, testInfo, `share-subfolder-${tag}`);
      await openShare(page, server, "no-such-link-at-all");
      await expect(page.getByRole("alert")).toBeVisible();
      await screenshot(page, testInfo, `share-unavailable-${tag}`);
    });
  },
);
