import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, PNG_RED, screenshot, writeTree, TOUCH_PHONE } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "album/a-first.png": PNG_RED,
        "album/b-notes.txt": "between the images",
        "album/c-second.png": PNG_RED,
        "album/d-third.png": PNG_RED,
        "docs/readme.txt": "line one\nline two <b>not bold</b>",
        "docs/blob.bin": Buffer.from([0, 159, 146, 150, 0, 1]),
        "gallery/x1.png": PNG_RED,
        "gallery/x2.png": PNG_RED,
        "gallery/x3.png": PNG_RED,
      });
    },
  },
});

test("lists images with lazy thumbnails", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/album/");
  const thumb = item(page, "a-first.png").locator("img");
  await expect(thumb).toHaveAttribute("loading", "lazy");
  await expect(thumb).toHaveAttribute("src", /\/api\/raw\/album\/a-first\.png\?thumb=true&w=128&inline=true&auth=/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("previews an image, moves to the next image with ArrowRight, and closes with Esc", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/album/");
  await item(page, "a-first.png").dblclick();
  await expect(page).toHaveURL(`${server.url}/files/album/a-first.png`);
  const preview = page.getByRole("region", { name: "File preview" });
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("a-first.png");
  await expect(preview.getByRole("img", { name: "a-first.png" })).toHaveAttribute(
    "src",
    /a-first\.png\?auth=.*&inline=true/,
  );

  await page.keyboard.press("ArrowRight");
  // The text file between the images is skipped: previous/next stay among images.
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("c-second.png");
  await expect(preview.getByRole("img", { name: "c-second.png" })).toHaveAttribute("src", /c-second\.png/);
  await expect(page).toHaveURL(`${server.url}/files/album/c-second.png`);

  await preview.getByRole("button", { name: "Next", exact: true }).click();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("d-third.png");
  // The gallery is continuous by default (docs/product.md "Slideshow settings"): after the last image comes the first.
  await preview.getByRole("button", { name: "Next", exact: true }).click();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("a-first.png");
  await page.keyboard.press("ArrowLeft");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("d-third.png");

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${server.url}/files/album/`);
  await expect(item(page, "a-first.png")).toBeVisible();
});

test("opens a text file the user may change in the editor, and Close goes to the parent folder", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/files/docs/readme.txt`);
  const editor = page.getByRole("region", { name: "Editor" });
  await expect(editor.getByRole("textbox", { name: "Content of readme.txt" })).toHaveText(
    "line one" + "line two <b>not bold</b>",
  );
  await editor.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(`${server.url}/files/docs/`);
});

test("offers a download for a file it cannot show", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/docs/blob.bin`);
  await expect(page.getByText("No preview is available for this file.")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("blob.bin");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(`${server.url}/files/docs/`);
});

test("deleting an image in the preview shows a placeholder, then moves to the next image", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/files/gallery/x2.png`);
  const preview = page.getByRole("region", { name: "File preview" });
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("x2.png");
  await preview.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(preview.getByRole("status")).toHaveText("x2.png was deleted");
  await expect(page).toHaveURL(`${server.url}/files/gallery/x3.png`);
  await expect(preview.getByRole("img", { name: "x3.png" })).toBeVisible();
  expect(existsSync(join(server.root, "gallery", "x2.png"))).toBe(false);
  // The last image has no next one: the preview moves back to the previous.
  await preview.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(`${server.url}/files/gallery/x1.png`);
});

test.describe("on a phone", () => {
  test.use(TOUCH_PHONE);

  test("the preview bar shows 'n of N' beside the name, on the first row", async ({
    signedIn: page,
    server,
  }, testInfo) => {
    await page.goto(`${server.url}/files/album/c-second.png`);
    const preview = page.getByRole("region", { name: "File preview" });
    const name = preview.getByRole("heading", { level: 1 });
    await expect(name).toHaveText("c-second.png");
    const position = preview.getByText("2 of 3", { exact: true });
    await expect(position).toBeVisible();
    const [p, n] = [await position.boundingBox(), await name.boundingBox()];
    // On the name's row, right of it, and inside the screen.
    expect(Math.abs(p!.y + p!.height / 2 - (n!.y + n!.height / 2))).toBeLessThan(4);
    expect(p!.x).toBeGreaterThanOrEqual(n!.x + n!.width);
    expect(p!.x + p!.width).toBeLessThanOrEqual(375);
    await screenshot(page, testInfo, "preview-position-375");
  });
});
