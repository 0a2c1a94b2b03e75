import { expect, test, createUser, item, openFolder, PNG_RED, screenshot, signInAs, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      const many: Record<string, string> = {};
      for (let i = 1; i <= 230; i++) many[`many/file-${String(i).padStart(3, "0")}.txt`] = String(i);
      writeTree(server.root, {
        ...many,
        "view/big.bin": Buffer.alloc(2048),
        "view/small.txt": "s",
        "view/photo.png": PNG_RED,
        "view/folder/": "",
        "view/.secret": "hidden",
      });
    },
  },
});

test("switches to mosaic with floor(width / 300) columns (two at least), and the choice survives a reload", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/view/");
  await page.getByRole("button", { name: "Mosaic view" }).click();
  await expect(page.getByRole("button", { name: "Mosaic view" })).toHaveAttribute("aria-pressed", "true");
  const grid = page.locator(".section-items").last();
  const width = await page.getByRole("listbox", { name: "Items" }).evaluate((el) => el.clientWidth);
  const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(Math.max(2, Math.floor(width / 300)));
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole("button", { name: "Mosaic view" }).getAttribute("aria-pressed");
    })
    .toBe("true");
  await page.getByRole("button", { name: "List view" }).click();
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole("button", { name: "List view" }).getAttribute("aria-pressed");
    })
    .toBe("true");
});

test("sorting by size survives a reload", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/view/");
  const files = page.getByRole("group", { name: "Files" }).getByRole("option");
  const size = page.getByRole("button", { name: "Size" });
  await size.click();
  if ((await files.first().innerText()).includes("big.bin")) await size.click();
  await expect(files.first()).toContainText("small.txt");
  await expect
    .poll(async () => {
      await page.reload();
      return (await page.getByRole("group", { name: "Files" }).getByRole("option").first().innerText()).includes(
        "small.txt",
      );
    })
    .toBe(true);
  await expect(page.getByRole("button", { name: "Size" })).toHaveAttribute("aria-pressed", "true");
});

test("the hidden-file toggle reloads the listing with dot files, and is saved", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/view/");
  await expect(item(page, ".secret")).toHaveCount(0);
  await page.getByRole("button", { name: "Show hidden files" }).click();
  await expect(item(page, ".secret")).toBeVisible();
  await page.reload();
  await expect(item(page, ".secret")).toBeVisible();
  await page.getByRole("button", { name: "Show hidden files" }).click();
  await expect(item(page, ".secret")).toHaveCount(0);
});

test("shows 100 items, adds 100 at the bottom, and keeps the count and scroll after a preview", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/many/");
  // The list renders only the rows near the window: the page height tells how many items are shown.
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const rowHeight = await item(page, "file-001.txt").evaluate((el) => el.getBoundingClientRect().height);
  const first = await height();
  // The bottom of the first 100 holds the 100th item; reaching it adds 100 rows.
  await page.locator(".sentinel").scrollIntoViewIfNeeded();
  await expect(item(page, "file-100.txt")).toBeVisible();
  await expect.poll(height).toBeGreaterThan(first + 99 * rowHeight);
  const grown = await height();
  expect(grown).toBeLessThan(first + 101 * rowHeight);
  await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
  // Scrolling on with the wheel into the second hundred, then opening the item in the middle of the window.
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 20 * rowHeight);
  const opened = () =>
    page.evaluate(
      () =>
        document
          .elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)
          ?.closest(".item")
          ?.getAttribute("aria-label") ?? "",
    );
  await expect.poll(opened).toMatch(/^file-1\d\d\.txt$/);
  const name = await opened();
  expect(Number(name.slice(5, 8))).toBeGreaterThan(100);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(10);
  await item(page, name).dblclick();
  await expect(page.getByRole("region", { name: "Editor" })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(item(page, name)).toBeVisible();
  expect(await height()).toBe(grown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  await page.getByRole("button", { name: "Back to top" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the context menu offers every entry, with the task entries enabled for the admin", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/view/");
  await item(page, "small.txt").click({ button: "right" });
  const menu = page.getByRole("menu");
  for (const name of [
    "Reload List",
    "Toggle Task Panel",
    "Copy Filename",
    "Copy External Link",
    "View MediaInfo",
    "View Info",
    "Password Rename",
    "Rename",
    "Chmod",
    "Delete",
  ]) {
    await expect(menu.getByRole("menuitem", { name, exact: true })).toBeVisible();
  }
  // Each task entry is offered (and enabled for the admin) where it fits: a torrent of any file, thumbnails of a folder.
  await expect(menu.getByRole("menuitem", { name: "Make Torrent" })).toBeEnabled();
  for (const name of ["Make Thumbnail", "Extract Subtitle", "Unarchive"])
    await expect(menu.getByRole("menuitem", { name })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Make Torrent" }).click();
  await page.getByRole("dialog", { name: "Make torrent" }).getByRole("button", { name: "Cancel" }).click();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await item(page, "small.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Copy External Link" }).click();
  await expect(page.getByText("External Link copied")).toBeVisible();
  await item(page, "folder").click({ button: "right" });
  for (const name of ["Make Torrent", "Make Thumbnail", "Extract Subtitle"])
    await expect(page.getByRole("menuitem", { name })).toBeEnabled();
  await page.keyboard.press("Escape");
  // Right-click on empty space acts on the folder: nothing selected, no item entries.
  await page.locator(".listing-toolbar").click({ button: "right", position: { x: 400, y: 20 } });
  await expect(page.getByRole("menuitem", { name: "New folder" })).toBeEnabled();
  await expect(page.getByRole("menuitem", { name: "Rename", exact: true })).toHaveCount(0);
  await expect(page.getByRole("option", { selected: true })).toHaveCount(0);
});

test("a user without execute sees the task entries disabled", async ({ browser, server }) => {
  await createUser(server, "noexec", "noexec-password-1", { create: true, rename: true, delete: true, download: true });
  const other = await browser.newPage();
  await signInAs(other, server, "noexec", "noexec-password-1");
  await openFolder(other, server, "/view/");
  await item(other, "small.txt").click({ button: "right" });
  for (const name of ["Make Torrent", "Make Thumbnail", "Extract Subtitle", "Unarchive", "Toggle Task Panel"]) {
    await expect(other.getByRole("menuitem", { name })).toBeDisabled();
  }
  await expect(other.getByRole("menuitem", { name: "Chmod" })).toBeDisabled();
  await expect(other.getByRole("menuitem", { name: "Rename", exact: true })).toBeEnabled();
  await other.close();
});

test("at 375 px: multiple-selection mode adds taps, a bottom action bar, and dialogs that fit", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openFolder(page, server, "/view/");
  await screenshot(page, testInfo, "listing-375");
  const bar = page.getByRole("toolbar", { name: "File actions" });
  await bar.getByRole("button", { name: "Multiple selection" }).click();
  await item(page, "small.txt").click();
  await item(page, "big.bin").click();
  await expect(page.getByText("2 selected")).toBeVisible();
  const box = await bar.boundingBox();
  expect(box!.y + box!.height).toBeGreaterThan(700);
  for (const button of await bar.getByRole("button").all()) {
    const b = await button.boundingBox();
    if (b) expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(40);
  }
  await screenshot(page, testInfo, "selection-375");
  await bar.getByRole("button", { name: "Move" }).click();
  const dialog = page.getByRole("dialog", { name: "Move" });
  await expect(dialog).toBeVisible();
  const d = await dialog.boundingBox();
  expect(d!.x).toBeGreaterThanOrEqual(0);
  expect(d!.x + d!.width).toBeLessThanOrEqual(375);
  expect(d!.y + d!.height).toBeLessThanOrEqual(740);
  await screenshot(page, testInfo, "move-dialog-375");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Mosaic view" }).click();
  await screenshot(page, testInfo, "mosaic-375");
  await page.getByRole("button", { name: "List view" }).click();
});
