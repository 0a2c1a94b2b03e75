import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  expect,
  test,
  dragFilesOver,
  dropDragged,
  dropFiles,
  dropTree,
  item,
  openFolder,
  throttleUploads,
  writeTree,
} from "./fixtures";
import { tempLeftovers } from "../support/temp-leftovers";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "drop/": "",
        "clash/existing.txt": "old content",
        "keep/existing.txt": "old content",
        "button/": "",
        "parent/child/": "",
        "parent/other/": "",
        "cards/box/existing.txt": "old in box",
        "slow/": "",
        "each/a.txt": "old a",
        "each/b.txt": "old b",
        "each/c.txt": "old c",
        "each/c (1).txt": "an earlier copy",
        "late/": "",
      });
    },
  },
});

test("uploads dropped files, lists them, writes them to disk, and downloads the same bytes", async ({
  signedIn: page,
  server,
}) => {
  const content = "dropped file ✓ " + "x".repeat(5000);
  await openFolder(page, server, "/drop/");
  await dropFiles(page, [
    { name: "dropped.txt", content },
    { name: "second file.md", content: "# two" },
  ]);
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

test("shows the upload panel with the finished files", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/drop/");
  await dropFiles(page, [{ name: "panel.txt", content: "p" }]);
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel).toContainText("panel.txt");
  await expect(panel).toContainText("Uploads finished");
  await panel.getByRole("button", { name: "Dismiss uploads" }).click();
  await expect(panel).toBeHidden();
});

test("asks before replacing a file with the same name, and Replace overwrites it", async ({
  signedIn: page,
  server,
}) => {
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

test("Skip on the replace prompt keeps the existing file and still uploads the others", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/keep/");
  await dropFiles(page, [
    { name: "existing.txt", content: "should not land" },
    { name: "fresh.txt", content: "fresh" },
  ]);
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(item(page, "fresh.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "keep", "existing.txt"), "utf8")).toBe("old content");
  expect(readFileSync(join(server.root, "keep", "fresh.txt"), "utf8")).toBe("fresh");
});

test("a 409 from the server also leads to the replace prompt", async ({ signedIn: page, server }) => {
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

test("uploads through the Upload button's file picker", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/button/");
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const chooser = await choosing;
  await chooser.setFiles([
    { name: "picked.bin", mimeType: "application/octet-stream", buffer: Buffer.from([0, 1, 2, 3, 255]) },
  ]);
  await expect(item(page, "picked.bin")).toBeVisible();
  expect(existsSync(join(server.root, "button", "picked.bin"))).toBe(true);
  expect([...readFileSync(join(server.root, "button", "picked.bin"))]).toEqual([0, 1, 2, 3, 255]);
});

test("warns 'Files are being uploaded.' before leaving while an upload runs, and not after", async ({
  signedIn: page,
  server,
}) => {
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

test("files dropped on a folder row go into that folder, which is highlighted while they hover it", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/parent/");
  const child = item(page, "child");
  await dragFilesOver(page, [{ name: "into.txt", content: "into child" }], child);
  await expect(child).toHaveClass(/drop-target/);
  await expect(item(page, "other")).not.toHaveClass(/drop-target/);
  await expect(page.getByText("Drop files to upload to child")).toBeVisible();
  await dropDragged(child);
  await expect(child).not.toHaveClass(/drop-target/);
  await expect(page.getByRole("region", { name: "Uploads" })).toContainText("Uploads finished");
  expect(readFileSync(join(server.root, "parent", "child", "into.txt"), "utf8")).toBe("into child");
  expect(existsSync(join(server.root, "parent", "into.txt"))).toBe(false);
  await expect(item(page, "into.txt")).toHaveCount(0);
  await child.dblclick();
  await expect(page).toHaveURL(/\/files\/parent\/child\/$/);
  await expect(item(page, "into.txt")).toBeVisible();
});

test("in the mosaic, a folder tree dropped on a folder card goes into it, and names are checked against that folder", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/cards/");
  await page.getByRole("button", { name: "Mosaic view" }).click();
  const box = item(page, "box");
  await dragFilesOver(page, [{ name: "probe.txt", content: "" }], box);
  await expect(box).toHaveClass(/drop-target/);
  await dropTree(page, { "existing.txt": "new in box", "set/a.txt": "a" }, box);
  // existing.txt is not in /cards/ but is in /cards/box/: the replace prompt comes from the target's listing.
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await expect(dialog).toContainText("existing.txt");
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expect(page.getByText("Files uploaded: 2")).toBeVisible();
  expect(readFileSync(join(server.root, "cards", "box", "existing.txt"), "utf8")).toBe("new in box");
  expect(readFileSync(join(server.root, "cards", "box", "set", "a.txt"), "utf8")).toBe("a");
  expect(existsSync(join(server.root, "cards", "set"))).toBe(false);
  await page.getByRole("button", { name: "List view" }).click();
});

test("an upload cancelled from the panel says so, per file and in the headline, and leaves nothing behind", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/slow/");
  // Slow uploads down to 1 MiB/s so the panel shows a running upload with its speed and time left.
  await throttleUploads(page, 1024 * 1024);
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await (await choosing).setFiles([
    { name: "big.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(16 * 1024 * 1024, 1) },
    { name: "next.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(1024, 2) },
  ]);
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel.locator(".upload-headline")).toHaveText(/Uploading… \d+%/);
  await expect(panel.locator(".upload-summary")).toHaveText(/of 16 MiB · [\d.]+ (KiB|MiB)\/s · .+ left/, {
    timeout: 15_000,
  });
  await expect(panel.getByRole("listitem").filter({ hasText: "big.bin" })).toContainText(/\/s · .+ left/);
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel.locator(".upload-headline")).toHaveText("Upload cancelled");
  await expect(panel.locator(".upload-summary")).toHaveText("Cancelled: 2");
  await expect(panel.getByRole("listitem").filter({ hasText: "big.bin" })).toContainText("Cancelled");
  await expect(panel.getByRole("listitem").filter({ hasText: "next.bin" })).toContainText("Cancelled");
  // A big file goes resumably (tus): its cancel deletes the partial upload; a plain one logs the aborted body.
  await expect
    .poll(() => server.output())
    .toMatch(/upload of \/slow\/big\.bin (aborted by the client after \d+ bytes|cancelled at \d+ of \d+ bytes)/);
  expect(server.output()).not.toMatch(/ERROR[^\n]*:\s*$/m);
  expect(existsSync(join(server.root, "slow", "big.bin"))).toBe(false);
  expect(existsSync(join(server.root, "slow", "next.bin"))).toBe(false);
  expect(tempLeftovers(join(server.root, "slow"))).toEqual([]);
  await panel.getByRole("button", { name: "Dismiss uploads" }).click();
  await expect(panel).toBeHidden();
});

test("the replace prompt asks Replace, Skip or Keep both for each existing name", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/each/");
  await dropFiles(page, [
    { name: "a.txt", content: "new a" },
    { name: "b.txt", content: "new b" },
    { name: "c.txt", content: "new c" },
    { name: "d.txt", content: "new d" },
  ]);
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  const choice = (name: string) => dialog.getByRole("radiogroup", { name, exact: true });
  await expect(choice("a.txt").getByRole("radio", { name: "Replace" })).toBeChecked();
  await choice("b.txt").getByText("Skip").click();
  await choice("c.txt").getByText("Keep both").click();
  await expect(choice("For all").getByRole("radio")).toHaveCount(3);
  await expect(choice("For all").getByRole("radio", { checked: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Files uploaded: 3")).toBeVisible();
  const read = (name: string) => readFileSync(join(server.root, "each", name), "utf8");
  expect(read("a.txt")).toBe("new a");
  expect(read("b.txt")).toBe("old b");
  expect(read("c.txt")).toBe("old c");
  expect(read("c (1).txt")).toBe("an earlier copy");
  expect(read("c (2).txt")).toBe("new c");
  expect(read("d.txt")).toBe("new d");
});

test("while a refused upload waits for the answer its bar and the headline show the same number; Keep both then lands beside", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/late/");
  writeTree(server.root, { "late/clip.txt": "on disk first" });
  await dropFiles(page, [{ name: "clip.txt", content: "from the browser, a little longer" }]);
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await expect(dialog).toContainText("clip.txt");
  const panel = page.getByRole("region", { name: "Uploads" });
  const headline = Number((await panel.locator(".upload-headline").textContent())!.match(/(\d+)%/)![1]);
  const bar = await panel
    .getByRole("progressbar", { name: "clip.txt" })
    .evaluate((p: HTMLProgressElement) => Math.floor((p.value / p.max) * 100));
  const total = await panel
    .getByRole("progressbar", { name: "Total upload progress" })
    .evaluate((p: HTMLProgressElement) => p.value);
  expect(bar).toBe(headline);
  expect(total).toBe(headline);
  await dialog.getByRole("button", { name: "Keep both" }).click();
  await expect(page.getByText("Files uploaded: 1")).toBeVisible();
  expect(readFileSync(join(server.root, "late", "clip.txt"), "utf8")).toBe("on disk first");
  expect(readFileSync(join(server.root, "late", "clip (1).txt"), "utf8")).toBe("from the browser, a little longer");
});
