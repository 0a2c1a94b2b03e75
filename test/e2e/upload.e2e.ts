import { expect, test } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type TestServer } from "../support/server";
import { dropFiles, item, openFolder, signIn, writeTree } from "./fixtures";

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer();
  writeTree(server.root, { "drop/": "", "clash/existing.txt": "old content", "keep/existing.txt": "old content", "button/": "" });
});

test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(async ({ page }) => {
  await signIn(page, server);
});

test("uploads dropped files, lists them, writes them to disk, and downloads the same bytes", async ({ page }) => {
  const content = "dropped file ✓ " + "x".repeat(5000);
  await openFolder(page, server, "/drop/");
  await dropFiles(page, [{ name: "dropped.txt", content }, { name: "second file.md", content: "# two" }]);
  await expect(item(page, "dropped.txt")).toBeVisible();
  await expect(item(page, "second file.md")).toBeVisible();
  await expect(page.getByText("Files uploaded: 2")).toBeVisible();
  expect(readFileSync(join(server.root, "drop", "dropped.txt"), "utf8")).toBe(content);
  expect(readFileSync(join(server.root, "drop", "second file.md"), "utf8")).toBe("# two");

  await item(page, "dropped.txt").click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("dropped.txt");
  expect(readFileSync(await download.path(), "utf8")).toBe(content);
});

test("shows the upload panel with the finished files", async ({ page }) => {
  await openFolder(page, server, "/drop/");
  await dropFiles(page, [{ name: "panel.txt", content: "p" }]);
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel).toContainText("panel.txt");
  await expect(panel).toContainText("Uploads finished");
  await panel.getByRole("button", { name: "Dismiss uploads" }).click();
  await expect(panel).toBeHidden();
});

test("asks before replacing a file with the same name, and Replace overwrites it", async ({ page }) => {
  await openFolder(page, server, "/clash/");
  await dropFiles(page, [{ name: "existing.txt", content: "new content" }]);
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("existing.txt");
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Files uploaded: 1")).toBeVisible();
  expect(readFileSync(join(server.root, "clash", "existing.txt"), "utf8")).toBe("new content");
});

test("Cancel on the replace prompt keeps the existing file and still uploads the others", async ({ page }) => {
  await openFolder(page, server, "/keep/");
  await dropFiles(page, [
    { name: "existing.txt", content: "should not land" },
    { name: "fresh.txt", content: "fresh" },
  ]);
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(item(page, "fresh.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "keep", "existing.txt"), "utf8")).toBe("old content");
  expect(readFileSync(join(server.root, "keep", "fresh.txt"), "utf8")).toBe("fresh");
});

test("a 409 from the server also leads to the replace prompt", async ({ page }) => {
  await openFolder(page, server, "/drop/");
  // The file appears on disk after the listing was loaded, so only the server knows about the clash.
  writeTree(server.root, { "drop/late.txt": "on disk first" });
  await dropFiles(page, [{ name: "late.txt", content: "from the browser" }]);
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await expect(dialog).toContainText("late.txt");
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expect(item(page, "late.txt")).toBeVisible();
  await expect.poll(() => readFileSync(join(server.root, "drop", "late.txt"), "utf8")).toBe("from the browser");
});

test("uploads through the Upload button's file picker", async ({ page }) => {
  await openFolder(page, server, "/button/");
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const chooser = await choosing;
  await chooser.setFiles([{ name: "picked.bin", mimeType: "application/octet-stream", buffer: Buffer.from([0, 1, 2, 3, 255]) }]);
  await expect(item(page, "picked.bin")).toBeVisible();
  expect(existsSync(join(server.root, "button", "picked.bin"))).toBe(true);
  expect([...readFileSync(join(server.root, "button", "picked.bin"))]).toEqual([0, 1, 2, 3, 255]);
});

test("warns 'Files are being uploaded.' before leaving while an upload runs, and not after", async ({ page }) => {
  await openFolder(page, server, "/drop/");
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // Hold the upload request in flight (the real server still answers it afterwards).
  await page.route("**/api/resources/drop/slow.txt*", async (route) => {
    await held;
    await route.continue();
  });
  const leaving = () =>
    page.evaluate(() => {
      const e = document.createEvent("BeforeUnloadEvent");
      e.initEvent("beforeunload", false, true);
      window.dispatchEvent(e);
      return { prevented: e.defaultPrevented, message: e.returnValue };
    });
  await dropFiles(page, [{ name: "slow.txt", content: "slow" }]);
  await expect(page.getByRole("progressbar", { name: "Uploads" })).toBeVisible();
  expect(await leaving()).toEqual({ prevented: true, message: "Files are being uploaded." });
  release();
  await expect(item(page, "slow.txt")).toBeVisible();
  expect((await leaving()).prevented).toBe(false);
});
