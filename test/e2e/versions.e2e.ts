/**
 * @module File versions as a user meets them (docs/product.md "Versions"): the list in File info after saves, Compare
 * (a text line by line, a picture beside the current one), Restore; the "Trash and versions" global settings; the
 * delete confirmation with the trash on and off; and screenshots of them at 1280 and 375 px, light and dark.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { login, type TestServer } from "../support/server";
import {
  expect,
  item,
  openFolder,
  PNG_RED,
  saveGlobalSettings,
  settledScreenshot,
  signedInPage,
  test,
  writeTree,
} from "./fixtures";

const FIRST = "Plan for the week\nmonday: write the draft\nfriday: send it\n";
const SECOND = "Plan for the week\nmonday: write the draft again\nfriday: send it\n";
const THIRD = "Plan for the week\nmonday: ship the final text\nfriday: send it\n";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "notes/plan.txt": FIRST,
        "notes/fresh.txt": "never saved over",
        "pics/dot.png": PNG_RED,
        "gone/a.txt": "a",
        "gone/b.txt": "b",
        "screens/minutes.md": minutes(0),
      });
    },
  },
});

/** A longer text for the screenshots: a meeting's minutes, with one line changed per revision. */
function minutes(revision: number): string {
  const lines = Array.from({ length: 24 }, (_, i) => `${i + 1}. point ${i + 1} of the weekly meeting, discussed`);
  if (revision >= 1) lines[4] = "5. point 5 of the weekly meeting, decided: we ship on Friday";
  if (revision >= 2) lines[17] = "18. point 18 moved to next week";
  return `${lines.join("\n")}\n`;
}

/** Saves `content` over the file at `path` as the editor does (PUT /api/resources/{path}) with the admin's token. */
async function saveThroughApi(server: TestServer, path: string, content: string | Buffer): Promise<void> {
  const res = await fetch(`${server.url}/api/resources${path}`, {
    method: "PUT",
    headers: { "X-Auth": await login(server) },
    body: typeof content === "string" ? content : new Uint8Array(content),
  });
  expect(res.status).toBe(200);
}

/** The file's content as the API answers it now. */
async function contentOf(server: TestServer, path: string): Promise<string> {
  const res = await fetch(`${server.url}/api/resources${path}`, { headers: { "X-Auth": await login(server) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { content: string }).content;
}

/** Sets global settings through the API as the admin. */
async function putSettings(server: TestServer, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    headers: { "X-Auth": await login(server), "Content-Type": "application/json" },
    body: JSON.stringify(patch),
  });
  expect(res.status).toBe(200);
}

/** Opens File info of `name` in `folder` from the listing's Info button. */
async function openInfo(page: Page, server: TestServer, folder: string, name: string): Promise<Locator> {
  await openFolder(page, server, folder);
  await item(page, name).click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  return page.getByRole("dialog", { name: "File information" });
}

/** The versions listed in File info. */
function versionRows(dialog: Locator): Locator {
  return dialog.getByRole("list", { name: "Versions" }).getByRole("listitem");
}

test("two saves list two versions by the user; Compare shows the changed line; Restore brings the oldest text back", async ({
  signedIn: page,
  server,
}) => {
  await saveThroughApi(server, "/notes/plan.txt", SECOND);
  await saveThroughApi(server, "/notes/plan.txt", THIRD);
  let info = await openInfo(page, server, "/notes/", "plan.txt");
  const rows = versionRows(info);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`by ${server.username}`);
  await expect(rows.nth(1)).toContainText(`by ${server.username}`);
  await expect(rows.nth(1)).toContainText(`${Buffer.byteLength(FIRST)} B`);

  // The oldest is the first content: Compare shows its line struck out and the current one added.
  await rows.nth(1).getByRole("button", { name: "Compare" }).click();
  const compare = page.getByRole("dialog", { name: "Compare with the current file" });
  const diff = compare.getByRole("group", { name: "Line differences" });
  await expect(diff.locator("del")).toHaveText(["monday: write the draft"]);
  await expect(diff.locator("ins")).toHaveText(["monday: ship the final text"]);
  await expect(diff).toContainText("Plan for the week");
  await compare.getByRole("button", { name: "Back" }).click();

  info = page.getByRole("dialog", { name: "File information" });
  await versionRows(info).nth(1).getByRole("button", { name: "Restore" }).click();
  const ask = page.getByRole("dialog", { name: "Restore version" });
  await expect(ask).toContainText("The current content will be kept as a version");
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await ask.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Version restored")).toBeVisible();
  await expect(versionRows(page.getByRole("dialog", { name: "File information" }))).toHaveCount(3);
  expect(await contentOf(server, "/notes/plan.txt")).toBe(FIRST);
  expect(readFileSync(join(server.root, "notes/plan.txt"), "utf8")).toBe(FIRST);
});

test("a file never saved over says it has no earlier versions", async ({ signedIn: page, server }) => {
  const info = await openInfo(page, server, "/notes/", "fresh.txt");
  await expect(info.getByRole("region", { name: "Versions" })).toContainText("No earlier versions");
});

test("Compare of a picture shows the version beside the current one", async ({ signedIn: page, server }) => {
  const blue = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2060d0" } })
    .png()
    .toBuffer();
  await saveThroughApi(server, "/pics/dot.png", blue);
  const info = await openInfo(page, server, "/pics/", "dot.png");
  await versionRows(info).first().getByRole("button", { name: "Compare" }).click();
  const compare = page.getByRole("dialog", { name: "Compare with the current file" });
  const before = compare.getByRole("img", { name: /^Version of / });
  const now = compare.getByRole("img", { name: "Current file" });
  await expect(before).toBeVisible();
  await expect(now).toBeVisible();
  await expect.poll(() => before.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect.poll(() => now.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
});

test("the admin changes the Trash and versions settings, saves, and finds them after a reload", async ({
  signedIn: page,
  server,
}) => {
  try {
    await page.goto(`${server.url}/settings/global`);
    const group = page.getByRole("group", { name: "Trash and versions" });
    await group.getByRole("spinbutton", { name: "Days deleted items are kept" }).fill("45");
    await group.getByRole("spinbutton", { name: "Largest trash per user (% of free space)" }).fill("0");
    await group.getByRole("spinbutton", { name: "Earlier versions kept per file" }).fill("3");
    await group.getByRole("spinbutton", { name: "Days versions are kept" }).fill("60");
    await group.getByRole("checkbox", { name: "Delete for good, without the trash" }).check();
    await expect(group).toContainText("1 to 3650");
    await saveGlobalSettings(page);
    const again = page.getByRole("group", { name: "Trash and versions" });
    await expect(again.getByRole("spinbutton", { name: "Days deleted items are kept" })).toHaveValue("45");
    await expect(again.getByRole("spinbutton", { name: "Largest trash per user (% of free space)" })).toHaveValue("0");
    await expect(again.getByRole("spinbutton", { name: "Earlier versions kept per file" })).toHaveValue("3");
    await expect(again.getByRole("spinbutton", { name: "Days versions are kept" })).toHaveValue("60");
    await expect(again.getByRole("checkbox", { name: "Delete for good, without the trash" })).toBeChecked();
  } finally {
    await putSettings(server, {
      trashRetentionDays: 30,
      trashCapPercent: 10,
      versionsKeep: 10,
      versionsDays: 30,
      skipTrash: false,
    });
  }
});

test("the delete confirmation says the items go to the Trash, and that it cannot be undone when the trash is off", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/gone/");
  await item(page, "a.txt").click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  let ask = page.getByRole("dialog", { name: "Delete" });
  await expect(ask).toContainText('Are you sure you want to delete "a.txt"? It will be moved to the Trash.');
  await expect(ask).toContainText("Deleted items can be restored from the Trash page.");
  await ask.getByRole("button", { name: "Cancel" }).click();

  await putSettings(server, { skipTrash: true });
  try {
    await openFolder(page, server, "/gone/");
    await item(page, "a.txt").click();
    await item(page, "b.txt").click({ modifiers: ["ControlOrMeta"] });
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    ask = page.getByRole("dialog", { name: "Delete" });
    await expect(ask).toContainText("Are you sure you want to delete these 2 items? This cannot be undone.");
    await expect(ask).not.toContainText("Trash");
    await ask.getByRole("button", { name: "Cancel" }).click();
  } finally {
    await putSettings(server, { skipTrash: false });
  }
});

test(
  "screenshots of the versions list, the compare view and the settings fieldset",
  { tag: "@screens" },
  async ({ browser, server }, testInfo) => {
    await saveThroughApi(server, "/screens/minutes.md", minutes(1));
    await saveThroughApi(server, "/screens/minutes.md", minutes(2));
    for (const width of [1280, 375]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await signedInPage(browser, server, { width, height: width === 1280 ? 800 : 740 });
        await page.emulateMedia({ colorScheme });
        const info = await openInfo(page, server, "/screens/", "minutes.md");
        await expect(versionRows(info)).toHaveCount(2);
        await info.getByRole("region", { name: "Versions" }).scrollIntoViewIfNeeded();
        await settledScreenshot(page, testInfo, `versions-list-${width}-${colorScheme}`);
        await versionRows(info).nth(1).getByRole("button", { name: "Compare" }).click();
        const compare = page.getByRole("dialog", { name: "Compare with the current file" });
        await expect(compare.locator("ins").first()).toBeVisible();
        await settledScreenshot(page, testInfo, `versions-compare-${width}-${colorScheme}`);
        await page.goto(`${server.url}/settings/global`);
        await expect(page.getByRole("group", { name: "Trash and versions" })).toBeVisible();
        await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Storage" }).click();
        await settledScreenshot(page, testInfo, `versions-settings-${width}-${colorScheme}`);
        await page.close();
      }
    }
  },
);
