/**
 * @module The activity log as a user meets it (docs/product.md "Activity log"): the admin's Activity page filtered by
 * user and its CSV export, the History section of File info, the Undo of a rename and of an upload that replaced a
 * file, and screenshots of the page and the section at 1280 and 375 px, light and dark.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import {
  createUser,
  dropFiles,
  expect,
  item,
  openFolder,
  settledScreenshot,
  signedInPage,
  test,
  writeTree,
} from "./fixtures";

const PASSWORD = "a long enough password 1";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "team/ann.txt": "ann's first words",
        "team/bob.txt": "bob's first words",
        "hist/story.txt": "once upon a time",
        "undo/draft.txt": "the draft",
        "replace/letter.txt": "the letter as it was",
        "screens/report.txt": "the report",
      });
    },
  },
});

/** A request to the API with `token` that must succeed. */
async function call(server: TestServer, token: string, method: string, path: string, body?: string): Promise<void> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { "X-Auth": token }, body });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
}

/** Saves `content` over the file at `path` as the editor does. */
function save(server: TestServer, token: string, path: string, content: string): Promise<void> {
  return call(server, token, "PUT", `/api/resources${path}`, content);
}

/** Renames the file at `from` to `to` as the rename dialog does. */
function rename(server: TestServer, token: string, from: string, to: string): Promise<void> {
  return call(server, token, "PATCH", `/api/resources${from}?action=rename&destination=${encodeURIComponent(to)}`);
}

/** Opens File info of `name` in `folder` from the listing's Info button. */
async function openInfo(page: Page, server: TestServer, folder: string, name: string): Promise<Locator> {
  await openFolder(page, server, folder);
  await item(page, name).click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  return page.getByRole("dialog", { name: "File information" });
}

/** The entries of the History section. */
function historyRows(info: Locator): Locator {
  return info.getByRole("list", { name: "History" }).getByRole("listitem");
}

/** The rows of the Activity page's table, without its head. */
function activityRows(page: Page): Locator {
  return page.getByRole("table", { name: "Activity" }).locator("tbody tr");
}

test("the Activity page filters by user, and Export CSV downloads the entries with their header", async ({
  signedIn: page,
  server,
}) => {
  await createUser(server, "ann", PASSWORD, { create: true, rename: true, modify: true });
  await createUser(server, "bob", PASSWORD, { create: true, rename: true, modify: true });
  await save(server, await login(server, "ann", PASSWORD), "/team/ann.txt", "ann's second words");
  await save(server, await login(server, "bob", PASSWORD), "/team/bob.txt", "bob's second words");

  await page.goto(`${server.url}/settings/activity`);
  await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
  await expect(activityRows(page).filter({ hasText: "/team/ann.txt" })).not.toHaveCount(0);
  await expect(activityRows(page).filter({ hasText: "/team/bob.txt" })).not.toHaveCount(0);

  await page.getByLabel("User").selectOption("ann");
  await expect(activityRows(page).filter({ hasText: "/team/bob.txt" })).toHaveCount(0);
  const rows = activityRows(page);
  await expect(rows.filter({ hasText: "/team/ann.txt" }).filter({ hasText: "Saved" })).toHaveCount(1);
  for (const row of await rows.all()) await expect(row.locator("td").nth(1)).toHaveText("ann");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("activity.csv");
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split(/\r?\n/)[0]).toBe("id,at,user,share,ip,via,action,path,to,bytes,result");
  expect(csv).toContain("/team/ann.txt");
  expect(csv).not.toContain("/team/bob.txt");
});

test("History in File info shows the user's rename and save of a file, newest first", async ({
  signedIn: page,
  server,
}) => {
  const token = await login(server);
  await rename(server, token, "/hist/story.txt", "/hist/tale.txt");
  await save(server, token, "/hist/tale.txt", "once upon a time, again");

  const info = await openInfo(page, server, "/hist/", "tale.txt");
  const rows = historyRows(info);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Saved");
  await expect(rows.nth(0)).toContainText(server.username);
  await expect(rows.nth(0).locator("time")).toHaveText(/now|second|minute/);
  await expect(rows.nth(1)).toContainText("Renamed");
  await expect(rows.nth(1)).toContainText(server.username);
  await expect(rows.nth(1)).toContainText("to /hist/tale.txt");
});

test("Undo in the popup after a rename brings the old name back", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/undo/");
  await item(page, "draft.txt").click();
  await page.keyboard.press("F2");
  const dialog = page.getByRole("dialog", { name: "Rename" });
  await dialog.getByRole("textbox").fill("final.txt");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(item(page, "final.txt")).toBeVisible();
  const popup = page.locator("[data-sonner-toast]", { hasText: "Renamed" });
  await popup.getByRole("button", { name: "Undo" }).click();
  await expect(page.locator("[data-sonner-toast]", { hasText: "Moved back" })).toBeVisible();
  await expect(item(page, "draft.txt")).toBeVisible();
  await expect(item(page, "final.txt")).toBeHidden();
});

test("Undo in the popup after an upload that replaced a file brings the old content back", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/replace/");
  await dropFiles(page, [{ name: "letter.txt", content: "the letter rewritten" }]);
  const ask = page.getByRole("dialog", { name: "Replace files?" });
  await ask.getByRole("button", { name: "Replace" }).click();
  const popup = page.locator("[data-sonner-toast]", { hasText: "Replaced 1 file(s)" });
  await expect(popup).toBeVisible();
  const raw = () =>
    fetch(`${server.url}/api/raw/replace/letter.txt`, { headers: { "X-Auth": token } }).then((r) => r.text());
  const token = await login(server);
  expect(await raw()).toBe("the letter rewritten");
  await popup.getByRole("button", { name: "Undo" }).click();
  await expect(page.locator("[data-sonner-toast]", { hasText: "Earlier content restored" })).toBeVisible();
  expect(await raw()).toBe("the letter as it was");
});

test(
  "screenshots of the Activity page and of History in File info",
  { tag: "@screens" },
  async ({ browser, server }, testInfo) => {
    const token = await login(server);
    await rename(server, token, "/screens/report.txt", "/screens/summary.txt");
    await save(server, token, "/screens/summary.txt", "the report, longer");
    // A rename onto a taken name fails with 409: History marks it as failed.
    writeTree(server.root, { "screens/taken.txt": "taken" });
    const refused = await fetch(
      `${server.url}/api/resources/screens/summary.txt?action=rename&destination=${encodeURIComponent("/screens/taken.txt")}`,
      { method: "PATCH", headers: { "X-Auth": token } },
    );
    expect(refused.status).toBe(409);
    for (const width of [1280, 375]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await signedInPage(browser, server, { width, height: width === 1280 ? 800 : 740 });
        await page.emulateMedia({ colorScheme });
        await page.goto(`${server.url}/settings/activity`);
        await expect(activityRows(page).first()).toBeVisible();
        await settledScreenshot(page, testInfo, `activity-page-${width}-${colorScheme}`);
        const info = await openInfo(page, server, "/screens/", "summary.txt");
        await expect(historyRows(info)).toHaveCount(3);
        await info.getByRole("region", { name: "History" }).scrollIntoViewIfNeeded();
        await settledScreenshot(page, testInfo, `activity-history-${width}-${colorScheme}`);
        await page.close();
      }
    }
  },
);
