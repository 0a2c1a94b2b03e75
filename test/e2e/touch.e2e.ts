import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, item, openFolder, signIn, writeTree, TOUCH_PHONE } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "tap/inside/x.txt": "x",
        "tap/a.txt": "a",
        "tap/b.txt": "b",
        "prev/photo one.txt": "p",
        "picked/": "",
      });
    },
  },
});

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("a tap opens a folder or previews a file, in the list and the mosaic; the Select button shows checkboxes and taps then choose", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/tap/");
    await item(page, "a.txt").tap();
    await expect(page).toHaveURL(`${server.url}/files/tap/a.txt`);
    await page.goBack();
    await item(page, "inside").tap();
    await expect(page).toHaveURL(`${server.url}/files/tap/inside/`);
    await openFolder(page, server, "/tap/");
    await page.getByRole("button", { name: "Mosaic view" }).tap();
    await item(page, "b.txt").tap();
    await expect(page).toHaveURL(`${server.url}/files/tap/b.txt`);
    await openFolder(page, server, "/tap/");
    await page.getByRole("button", { name: "List view" }).tap();
    await page.getByRole("button", { name: "Multiple selection" }).tap();
    await expect(page.locator(".item-check").first()).toBeVisible();
    await item(page, "a.txt").tap();
    await item(page, "inside").tap();
    await expect(page.getByText("2 selected")).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/files/tap/`);
    await item(page, "a.txt").tap();
    await expect(page.getByText("1 selected")).toBeVisible();
    // Clearing leaves the selection mode: a tap opens again.
    await page.getByRole("button", { name: "Clear selection" }).tap();
    await expect(page.locator(".item-check").first()).toBeHidden();
    await item(page, "inside").tap();
    await expect(page).toHaveURL(`${server.url}/files/tap/inside/`);
  });
});

test("the Upload folder button sends a picked folder with its structure", async ({ page, server }) => {
  const local = mkdtempSync(join(tmpdir(), "fbe-pick-"));
  mkdirSync(join(local, "trip", "day1"), { recursive: true });
  writeFileSync(join(local, "trip", "plan.txt"), "plan");
  writeFileSync(join(local, "trip", "day1", "notes.txt"), "notes");
  await signIn(page, server);
  await openFolder(page, server, "/picked/");
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload folder" }).click();
  const chooser = await choosing;
  await chooser.setFiles(join(local, "trip"));
  await expect(item(page, "trip")).toBeVisible();
  await expect.poll(() => readFileSync(join(server.root, "picked", "trip", "day1", "notes.txt"), "utf8")).toBe("notes");
  expect(readFileSync(join(server.root, "picked", "trip", "plan.txt"), "utf8")).toBe("plan");
  rmSync(local, { recursive: true, force: true });
});

test("renaming in the preview goes to the new path, deleting there goes to the folder", async ({
  signedIn: page,
  server,
}) => {
  writeTree(server.root, { "prev/bin.dat": "\u0000\u0001" });
  await page.goto(`${server.url}/files/prev/bin.dat`);
  const preview = page.getByRole("region", { name: "File preview" });
  await preview.getByRole("button", { name: "Rename" }).click();
  await page.getByRole("dialog", { name: "Rename" }).getByRole("textbox").fill("renamed.dat");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${server.url}/files/prev/renamed.dat`);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("renamed.dat");
  await preview.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(`${server.url}/files/prev/`);
  await expect(item(page, "renamed.dat")).toHaveCount(0);
});
