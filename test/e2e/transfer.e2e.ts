import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, dropTree, item, openFolder, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "up/": "",
        "clash/album/old.txt": "old",
        "dl/a.txt": "alpha",
        "dl/b.txt": "beta",
        "dl/sub/c.txt": "gamma",
        "dl/single.txt": "single",
      });
    },
  },
});

test("uploads a dropped folder tree keeping its structure, empty folders included", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/up/");
  await dropTree(page, {
    "album/cover.txt": "cover",
    "album/2024/jan.txt": "january",
    "album/2024/deep/feb.txt": "february",
    "album/empty/": "",
    "loose.txt": "loose",
  });
  await expect(page.getByText("Files uploaded: 4")).toBeVisible();
  await expect(item(page, "album")).toBeVisible();
  await expect(item(page, "loose.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "up", "album", "cover.txt"), "utf8")).toBe("cover");
  expect(readFileSync(join(server.root, "up", "album", "2024", "jan.txt"), "utf8")).toBe("january");
  expect(readFileSync(join(server.root, "up", "album", "2024", "deep", "feb.txt"), "utf8")).toBe("february");
  expect(statSync(join(server.root, "up", "album", "empty")).isDirectory()).toBe(true);
  await expect(page.getByRole("region", { name: "Uploads" })).toContainText("album/2024/deep/feb.txt");
});

test("a dropped folder whose name exists raises the replace prompt, and Replace overwrites", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/clash/");
  await dropTree(page, { "album/old.txt": "new", "album/extra.txt": "extra" });
  const dialog = page.getByRole("dialog", { name: "Replace files?" });
  await expect(dialog).toContainText("album");
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expect(page.getByText("Files uploaded: 2")).toBeVisible();
  expect(readFileSync(join(server.root, "clash", "album", "old.txt"), "utf8")).toBe("new");
  expect(readFileSync(join(server.root, "clash", "album", "extra.txt"), "utf8")).toBe("extra");
});

test("the upload panel can cancel a running upload", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/up/");
  await page.route("**/api/resources/up/held.txt*", () => {
    // Never answered: the upload stays in flight until cancelled.
  });
  await dropTree(page, { "held.txt": "held", "after.txt": "after" });
  const panel = page.getByRole("region", { name: "Uploads" });
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel).toContainText("Upload cancelled");
  await expect(panel).toContainText("Cancelled: 2");
});

test("downloads a multi-selection as tar.gz with the chosen format", async ({ signedIn: page, server }, testInfo) => {
  await openFolder(page, server, "/dl/");
  await item(page, "a.txt").click();
  await item(page, "sub").click({ modifiers: ["ControlOrMeta"] });
  await page.getByRole("button", { name: "Download", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Download" });
  for (const format of ["zip", "tar", "tar.gz", "tar.bz2", "tar.xz", "tar.lz4", "tar.sz"]) {
    await expect(dialog.getByRole("button", { name: format, exact: true })).toBeVisible();
  }
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "tar.gz", exact: true }).click();
  const download = await downloading;
  const saved = testInfo.outputPath(download.suggestedFilename() || "selection.tar.gz");
  await download.saveAs(saved);
  const names = execFileSync("tar", ["tzf", saved], { encoding: "utf8" }).split("\n").filter(Boolean);
  expect(names).toEqual(expect.arrayContaining(["a.txt", expect.stringMatching(/^sub\/c\.txt$/)]));
  expect(names.some((n) => n.includes("b.txt"))).toBe(false);
});

test("Ctrl+S on a single plain file downloads it directly", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/dl/");
  await item(page, "single.txt").click();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("ControlOrMeta+s");
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("single.txt");
  expect(readFileSync(await download.path(), "utf8")).toBe("single");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
