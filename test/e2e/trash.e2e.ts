/**
 * @module The trash as a user meets it (docs/product.md "Trash"): Undo in the popup after a delete, the Trash page
 * from the sidebar (restore, restore to another folder, delete forever, empty), the question when the name is taken,
 * the phone layout, and screenshots of the page and the popup.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { expect, item, openFolder, screenshot, settled, test, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "undo/note.txt": "the words of the note, kept as they were\n",
        "undo/other.txt": "other",
        "undo/plan.txt": "the plan as it was",
        "forgood/old.txt": "old",
        "multi/a.txt": "alpha",
        "multi/b.txt": "bravo",
        "multi/c.txt": "charlie",
        "multi/d.txt": "delta",
        "dest/": "",
        "clash/report.txt": "the report before it was deleted",
        "phone/a rather long file name for a narrow phone screen, version 2 (final).txt": "long",
        "phone/album/one.txt": "1",
        "screens/Quarterly report 2026 with a name long enough to be cut.pdf": "x".repeat(250_000),
        "screens/holiday photos/beach.jpg": "y".repeat(3_000_000),
        "screens/notes.md": "# notes",
        "screens/keep.txt": "keep",
      });
    },
  },
});

// Each test starts with an empty trash: the file's tests share one server.
test.beforeEach(async ({ server }) => {
  const res = await fetch(`${server.url}/api/trash`, { method: "DELETE", headers: { "X-Auth": await login(server) } });
  expect(res.status).toBe(200);
});

/** The sidebar's link to the Trash page. */
function trashLink(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Trash" });
}

/** Selects the named items of the open folder and deletes them through the toolbar and its confirmation. */
async function deleteFromListing(page: Page, names: string[]): Promise<void> {
  await item(page, names[0]).click();
  for (const name of names.slice(1)) await item(page, name).click({ modifiers: ["ControlOrMeta"] });
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete" }).click();
}

/** Deletes paths through the API as the admin (to fill the trash for screenshots). */
async function deleteThroughApi(server: TestServer, paths: string[]): Promise<void> {
  const token = await login(server);
  for (const path of paths) {
    const url = `${server.url}/api/resources${path.split("/").map(encodeURIComponent).join("/")}`;
    const res = await fetch(url, { method: "DELETE", headers: { "X-Auth": token } });
    expect(res.status, `DELETE ${path}`).toBe(200);
  }
}

test("Undo in the popup after a delete puts the file back with the same content", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/undo/");
  await deleteFromListing(page, ["note.txt"]);
  const popup = page.locator("[data-sonner-toast]", { hasText: "Deleted 1 item(s)" });
  await expect(popup).toBeVisible();
  await expect(item(page, "note.txt")).toBeHidden();
  expect(existsSync(join(server.root, "undo", "note.txt"))).toBe(false);

  await popup.getByRole("button", { name: "Undo" }).click();
  await expect(page.locator("[data-sonner-toast]", { hasText: "Restored" })).toBeVisible();
  await expect(item(page, "note.txt")).toBeVisible();
  await expect(item(page, "other.txt")).toBeVisible();
  const download = await fetch(`${server.url}/api/raw/undo/note.txt`, { headers: { "X-Auth": await login(server) } });
  expect(download.status).toBe(200);
  expect(await download.text()).toBe("the words of the note, kept as they were\n");
});

test("Undo onto a name taken meanwhile asks, and Replace puts the deleted file back over the new one", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/undo/");
  await deleteFromListing(page, ["plan.txt"]);
  const popup = page.locator("[data-sonner-toast]", { hasText: "Deleted 1 item(s)" });
  await expect(popup).toBeVisible();
  writeFileSync(join(server.root, "undo", "plan.txt"), "a new plan");
  await popup.getByRole("button", { name: "Undo" }).click();
  const question = page.getByRole("dialog", { name: "Name already exists" });
  await expect(question).toContainText('"plan.txt" already exists in /undo/.');
  await question.getByRole("button", { name: "Replace" }).click();
  await expect(page.locator("[data-sonner-toast]", { hasText: "Restored" })).toBeVisible();
  expect(readFileSync(join(server.root, "undo", "plan.txt"), "utf8")).toBe("the plan as it was");
  // What had the name went to the trash in its place.
  await trashLink(page).click();
  await expect(page.getByRole("row").filter({ hasText: "plan.txt" })).toBeVisible();
});

test("with the trash turned off a delete says delete successfully and offers no Undo", async ({
  signedIn: page,
  server,
}) => {
  const setSkipTrash = async (skipTrash: boolean) => {
    const res = await fetch(`${server.url}/api/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json", "X-Auth": await login(server) },
      body: JSON.stringify({ skipTrash }),
    });
    expect(res.status).toBe(200);
  };
  await setSkipTrash(true);
  try {
    await openFolder(page, server, "/forgood/");
    await deleteFromListing(page, ["old.txt"]);
    await expect(page.getByText("delete successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
    expect(existsSync(join(server.root, "forgood", "old.txt"))).toBe(false);
    await trashLink(page).click();
    await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
  } finally {
    await setSkipTrash(false);
  }
});

test("the Trash page restores one entry where it was, another into a folder picked with Restore to…, and empties the trash", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await openFolder(page, server, "/multi/");
  await deleteFromListing(page, ["a.txt", "b.txt"]);
  await expect(page.getByText("Deleted 2 item(s)")).toBeVisible();
  await expect(item(page, "a.txt")).toBeHidden();

  await trashLink(page).click();
  await expect(page).toHaveURL(`${server.url}/trash`);
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  await expect(page.getByText("Deleted items are kept 30 days, then deleted forever.")).toBeVisible();
  const table = page.getByRole("table", { name: "Trash" });
  const rowA = table.getByRole("row").filter({ hasText: "a.txt" });
  await expect(rowA).toContainText("/multi/");
  await expect(rowA).toContainText("5 B");
  await expect(rowA.locator("time")).toHaveText(/now|second/);
  await expect(table.getByRole("row").filter({ hasText: "b.txt" })).toBeVisible();
  // An admin sees who deleted each entry.
  await expect(table.getByRole("columnheader", { name: "Deleted by" })).toBeVisible();
  await expect(rowA.getByRole("cell", { name: "admin", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Restore a.txt", exact: true }).click();
  await expect(page.getByText("Restored to /multi/a.txt")).toBeVisible();
  await expect(rowA).toHaveCount(0);
  expect(readFileSync(join(server.root, "multi", "a.txt"), "utf8")).toBe("alpha");

  await page.getByRole("button", { name: "Restore b.txt to…" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore to…" });
  await expect(dialog.getByText("Destination: /multi/")).toBeVisible();
  await dialog.getByRole("option", { name: ".." }).dblclick();
  await dialog.getByRole("option", { name: "dest" }).click();
  await expect(dialog.getByText("Destination: /dest/")).toBeVisible();
  await screenshot(page, testInfo, "trash-restore-to");
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored to /dest/b.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "dest", "b.txt"), "utf8")).toBe("bravo");
  expect(existsSync(join(server.root, "multi", "b.txt"))).toBe(false);
  await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Empty trash" })).toBeDisabled();

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "My Files" }).click();
  await item(page, "multi").dblclick();
  await expect(item(page, "b.txt")).toBeHidden();
  await expect(item(page, "a.txt")).toBeVisible();
  await deleteFromListing(page, ["c.txt"]);
  await expect(page.getByText("Deleted 1 item(s)")).toBeVisible();
  await trashLink(page).click();
  await expect(page.getByRole("row").filter({ hasText: "c.txt" })).toBeVisible();

  // The confirmation starts on Cancel, and Esc leaves the trash as it was.
  await page.getByRole("button", { name: "Empty trash" }).click();
  const confirm = page.getByRole("dialog", { name: "Empty trash" });
  await expect(confirm).toContainText("Delete the 1 item(s) in the trash forever?");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "c.txt" })).toBeVisible();
  await page.getByRole("button", { name: "Empty trash" }).click();
  await confirm.getByRole("button", { name: "Empty trash" }).click();
  await expect(page.getByText("Trash emptied: 1 item(s) deleted forever")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
  await expect(page.getByText("Deleted items are kept 30 days, then deleted forever.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Trash" })).toHaveCount(0);
  await screenshot(page, testInfo, "trash-empty");
  expect(existsSync(join(server.root, "multi", "c.txt"))).toBe(false);
});

test("Delete forever asks first and removes only that entry", async ({ signedIn: page, server }) => {
  await deleteThroughApi(server, ["/multi/d.txt"]);
  await page.goto(`${server.url}/trash`);
  const row = page.getByRole("row").filter({ hasText: "d.txt" });
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: "Delete d.txt forever" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete forever" });
  await expect(confirm).toContainText('Delete "d.txt" forever? This cannot be undone.');
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: "Delete d.txt forever" }).click();
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Deleted forever", { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
  expect(existsSync(join(server.root, "multi", "d.txt"))).toBe(false);
});

test("a restore onto a name that exists now asks, and Keep both restores it as name (1).ext", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await openFolder(page, server, "/clash/");
  await deleteFromListing(page, ["report.txt"]);
  await expect(page.getByText("Deleted 1 item(s)")).toBeVisible();
  writeFileSync(join(server.root, "clash", "report.txt"), "the new report");

  await trashLink(page).click();
  await page.getByRole("button", { name: "Restore report.txt", exact: true }).click();
  const question = page.getByRole("dialog", { name: "Name already exists" });
  await expect(question).toContainText('"report.txt" already exists in /clash/.');
  await expect(question.getByRole("button", { name: "Replace" })).toBeVisible();
  await expect(question.getByRole("button", { name: "Cancel" })).toBeVisible();
  await screenshot(page, testInfo, "trash-restore-conflict");
  await question.getByRole("button", { name: "Keep both" }).click();
  await expect(page.getByText("Restored to /clash/report (1).txt")).toBeVisible();
  expect(readFileSync(join(server.root, "clash", "report.txt"), "utf8")).toBe("the new report");
  expect(readFileSync(join(server.root, "clash", "report (1).txt"), "utf8")).toBe("the report before it was deleted");

  await openFolder(page, server, "/clash/");
  await expect(item(page, "report.txt")).toBeVisible();
  await expect(item(page, "report (1).txt")).toBeVisible();
});

test("at 375 px each entry is a stacked block, every button is on screen and nothing scrolls sideways", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await deleteThroughApi(server, [
    "/phone/a rather long file name for a narrow phone screen, version 2 (final).txt",
    "/phone/album",
  ]);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.url}/trash`);
  const row = page.getByRole("row").filter({ hasText: "version 2 (final).txt" });
  await expect(row).toBeVisible();
  // Stacked: the original folder's line starts under the name, at the same left edge.
  const name = (await row.getByRole("cell").first().boundingBox())!;
  const folder = (await row.getByRole("cell", { name: "/phone/" }).boundingBox())!;
  expect(folder.y).toBeGreaterThanOrEqual(name.y + name.height);
  expect(Math.abs(folder.x - name.x)).toBeLessThan(2);
  for (const name of ["Restore album", "Restore album to…", "Delete album forever"]) {
    const box = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await page.locator(".table-scroll").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await screenshot(page, testInfo, "trash-375");
  await page.getByRole("button", { name: "Restore album to…" }).click();
  await expect(page.getByRole("dialog", { name: "Restore to…" }).getByText("Destination: /phone/")).toBeVisible();
  await screenshot(page, testInfo, "trash-restore-to-375");
  await page.keyboard.press("Escape");

  // Keyboard: Tab reaches the entry's buttons, and Enter on Restore puts it back.
  await page.getByRole("button", { name: "Restore album", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Restored to /phone/album")).toBeVisible();
  expect(existsSync(join(server.root, "phone", "album", "one.txt"))).toBe(true);
});

test(
  "takes screenshots of the Trash page and of the Undo popup in light and dark at desktop and phone widths",
  { tag: "@screens" },
  async ({ signedIn: page, server }, testInfo) => {
    await deleteThroughApi(server, [
      "/screens/notes.md",
      "/screens/holiday photos",
      "/screens/Quarterly report 2026 with a name long enough to be cut.pdf",
    ]);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [width, height] of [
        [1280, 800],
        [375, 740],
      ]) {
        await page.setViewportSize({ width, height });
        const tag = `${width}-${colorScheme}`;
        await page.goto(`${server.url}/trash`);
        await expect(page.getByRole("row").filter({ hasText: "notes.md" })).toBeVisible();
        await expect(page.locator("#loading")).toHaveCount(0);
        // Every entry's buttons are inside the card: nothing is cut off or scrolled away.
        expect(await page.locator(".table-scroll").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await screenshot(page, testInfo, `trash-page-${tag}`, { fullPage: true });

        await openFolder(page, server, "/screens/");
        await deleteFromListing(page, ["keep.txt"]);
        const popup = page.locator("[data-sonner-toast]", { hasText: "Deleted 1 item(s)" });
        await expect(popup).toBeVisible();
        await expect(item(page, "keep.txt")).toBeHidden();
        await settled(page);
        await screenshot(page, testInfo, `trash-undo-popup-${tag}`);
        await popup.getByRole("button", { name: "Undo" }).click();
        await expect(item(page, "keep.txt")).toBeVisible();
      }
    }
  },
);
