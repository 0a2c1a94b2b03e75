import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test, item, openFolder, PNG_RED, screenshot, signIn, writeTree, TOUCH_PHONE } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "acts/photo.jpg": PNG_RED,
        "acts/notes.txt": "notes",
        "acts/fake.zip": "not really a zip archive, only its name says so",
        "acts/album/": "",
        "click/inner/x.txt": "x",
      });
    },
  },
});

/** Holds a finger on the middle of `target` for `ms`, then lifts it (the long press phones know). */
async function longPress(page: Page, target: Locator, ms = 800): Promise<void> {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Names of a menu's entries, in order. */
async function entries(menu: Locator): Promise<string[]> {
  return (await menu.getByRole("menuitem").allInnerTexts()).map((s) => s.split("\n")[0].trim());
}

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("a long press selects the item, then opens a bottom sheet that stays after the finger lifts, fits the screen and holds its actions", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/acts/");
    await longPress(page, item(page, "notes.txt"));
    const sheet = page.getByRole("menu", { name: "notes.txt" });
    await expect(sheet).toBeVisible();
    await expect(item(page, "notes.txt")).toHaveAttribute("aria-selected", "true");
    await page.waitForTimeout(400);
    await expect(sheet).toBeVisible();
    const box = (await page.getByRole("dialog", { name: "notes.txt" }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(740 + 1);
    expect(box.y + box.height).toBeGreaterThan(700);
    for (const name of ["Open", "Download", "Rename", "Share", "Delete"])
      await expect(sheet.getByRole("menuitem", { name, exact: true })).toBeEnabled();
    await sheet.getByRole("menuitem", { name: "Rename", exact: true }).tap();
    await expect(page.getByRole("dialog", { name: "Rename" }).getByRole("textbox")).toHaveValue("notes.txt");
  });

  test("the phone selection bar has a labelled More menu holding the actions the bar has no room for", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/acts/");
    await page.getByRole("button", { name: "Multiple selection" }).tap();
    await item(page, "fake.zip").tap();
    const bar = page.getByRole("toolbar", { name: "File actions" });
    const more = bar.getByRole("button", { name: "More actions" });
    await expect(more).toHaveText("More");
    for (const button of await bar.getByRole("button").all())
      expect(await button.getAttribute("aria-label")).toBeTruthy();
    await more.tap();
    const menu = page.getByRole("menu", { name: "More actions" });
    for (const name of [
      "Make Thumbnail",
      "Unarchive",
      "Make Torrent",
      "Chmod",
      "View MediaInfo",
      "Copy Filename",
      "Cut",
    ]) {
      await expect(menu.getByRole("menuitem", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("menuitem", { name: "Unarchive" })).toBeEnabled();
    await menu.getByRole("menuitem", { name: "Chmod" }).tap();
    await expect(page.getByRole("dialog", { name: /permissions|chmod/i })).toBeVisible();
  });
});

test.describe("with a mouse", () => {
  test("the context menu puts the file actions first and the task panel last, and empty space offers New folder, New file, Upload and Paste", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/acts/");
    await item(page, "notes.txt").click({ button: "right" });
    const menu = page.getByRole("menu");
    const names = await entries(menu);
    expect(names.slice(0, 9)).toEqual([
      "Open",
      "Download",
      "Copy",
      "Cut",
      "Move",
      "Rename",
      "Share",
      "Delete",
      "View Info",
    ]);
    expect(names.slice(-2)).toEqual(["Reload List", "Toggle Task Panel"]);
    await page.keyboard.press("Escape");
    // With the selection, the header's upload buttons show only icons and keep their names.
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveAttribute("title", "Upload");
    await expect(page.getByRole("button", { name: "Upload folder" })).toHaveAttribute("title", "Upload folder");
    await page.locator(".listing-toolbar").click({ button: "right", position: { x: 400, y: 20 } });
    expect((await entries(page.getByRole("menu"))).slice(0, 4)).toEqual(["New folder", "New file", "Upload", "Paste"]);
    await expect(page.getByRole("menuitem", { name: "Rename", exact: true })).toHaveCount(0);
  });

  test("task entries that do not fit a JPEG are disabled and say why, and a failed unarchive reads in the interface's own words", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/acts/");
    await item(page, "photo.jpg").click({ button: "right" });
    for (const [name, why] of [
      ["Make Thumbnail", "Only for a video or a folder"],
      ["Extract Subtitle", "Only for a video or a folder"],
      ["Unarchive", "Only for an archive"],
      ["View MediaInfo", "Only for a video or an audio file"],
    ]) {
      const entry = page.getByRole("menuitem", { name, exact: true });
      await expect(entry).toBeDisabled();
      await expect(entry).toHaveAttribute("title", why);
    }
    await expect(page.getByRole("menuitem", { name: "Make Torrent" })).toBeEnabled();
    await page.keyboard.press("Escape");
    // A name that says zip on content that is not: the server's sentence stays on the wire, the panel says its own.
    await item(page, "fake.zip").click({ button: "right" });
    await page.getByRole("menuitem", { name: "Unarchive" }).click();
    await page.getByRole("dialog", { name: "Unarchive" }).getByRole("button", { name: "Start" }).click();
    await page.keyboard.press("t");
    await expect(page.getByText("This file is not an archive, or it is damaged.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/hey man/i)).toHaveCount(0);
  });

  test("with Open with a single click on in the profile, one click opens a folder and Ctrl+click still selects", async ({
    signedIn: page,
    server,
  }) => {
    await page.goto(`${server.url}/settings/profile`);
    const box = page.getByRole("checkbox", { name: "Open with a single click" });
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(page.getByText("Settings updated!")).toBeVisible();
    await openFolder(page, server, "/click/");
    await item(page, "inner").click({ modifiers: ["Control"] });
    await expect(item(page, "inner")).toHaveAttribute("aria-selected", "true");
    await item(page, "inner").click({ modifiers: ["Control"] });
    await item(page, "inner").click();
    await expect(page).toHaveURL(`${server.url}/files/click/inner/`);
    await page.goto(`${server.url}/settings/profile`);
    await page.getByRole("checkbox", { name: "Open with a single click" }).uncheck();
    await expect(page.getByText("Settings updated!").first()).toBeVisible();
  });
});

for (const scheme of ["light", "dark"] as const) {
  test(
    `screenshots of the menus, the sheet and the selection bar at 1280 and 375 px (${scheme})`,
    { tag: "@screens" },
    async ({ browser, server }, info: TestInfo) => {
      for (const phone of [false, true]) {
        const context = await browser.newContext({
          colorScheme: scheme,
          ...(phone
            ? { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true }
            : { viewport: { width: 1280, height: 800 } }),
        });
        const page = await context.newPage();
        await signIn(page, server);
        await openFolder(page, server, "/acts/");
        const tag = `${phone ? 375 : 1280}-${scheme}`;
        if (phone) {
          await longPress(page, item(page, "photo.jpg"));
          await expect(page.getByRole("menu", { name: "photo.jpg" })).toBeVisible();
          await screenshot(page, info, `sheet-${tag}`);
          await page.keyboard.press("Escape");
          await screenshot(page, info, `selection-bar-${tag}`);
          await page.getByRole("button", { name: "More actions" }).tap();
        } else {
          await item(page, "photo.jpg").click({ button: "right" });
          await screenshot(page, info, `context-menu-${tag}`);
          await page.keyboard.press("Escape");
          await screenshot(page, info, `selection-bar-${tag}`);
          await page.getByRole("button", { name: "More actions" }).click();
        }
        await expect(page.getByRole("menu", { name: "More actions" })).toBeVisible();
        await screenshot(page, info, `more-${tag}`);
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Mosaic view" }).click();
        await screenshot(page, info, `mosaic-selection-${tag}`);
        await page.getByRole("button", { name: "List view" }).click();
        await page.goto(`${server.url}/settings/profile`);
        await page.getByRole("checkbox", { name: "Open with a single click" }).scrollIntoViewIfNeeded();
        await screenshot(page, info, `profile-${tag}`);
        await context.close();
      }
    },
  );
}
