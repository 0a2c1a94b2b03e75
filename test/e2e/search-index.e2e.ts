/**
 * The file index in the interface: the Indexed Search fieldset of the global settings shows the index
 * status and rebuilds it; the listing shows folder sizes the index knows, "—" for one it does not. Screenshots at
 * 1280 and 375 px.
 */
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, startServer, type TestServer } from "../support/server";
import { expect, test, item, openFolder, screenshot, signIn, writeTree } from "./fixtures";
import { formatSize } from "../../src/ui/format/format-size";

let token = "";
const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
];
/** Bytes of the files under each top folder, as written below. */
const TOTALS = { docs: 3000 + 1500, photos: 250_000, music: 3 * 1_200_000 };

interface Status {
  entries: number;
  builtAt: number | null;
  building: boolean;
}

async function indexStatus(server: TestServer): Promise<Status> {
  const res = await fetch(`${server.url}/api/search-index`, { headers: { "X-Auth": token } });
  expect(res.status).toBe(200);
  return (await res.json()) as Status;
}

test.use({
  serverOptions: {
    seed: (root) => {
      // The files exist before the server starts, so its first index walk finds them all.
      writeTree(root, {
        "docs/report.txt": "r".repeat(3000),
        "docs/drafts/notes.md": "n".repeat(1500),
        "photos/beach.jpg": Buffer.alloc(250_000, 1),
        "music/a.mp3": Buffer.alloc(1_200_000, 2),
        "music/b.mp3": Buffer.alloc(1_200_000, 3),
        "music/c.mp3": Buffer.alloc(1_200_000, 4),
        "empty/": "",
        "readme.txt": "hello\n",
      });
    },
    prepare: async (server) => {
      token = await login(server);
      await expect
        .poll(async () => (await indexStatus(server)).builtAt !== null && !(await indexStatus(server)).building, {
          timeout: 20_000,
        })
        .toBe(true);
    },
  },
});

async function openAt(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, server);
  return { page, close: () => context.close() };
}

/** Scrolls the fieldset to the top of the screen, below the sticky header, with its legend in view. */
async function showFieldset(fieldset: Locator): Promise<void> {
  await fieldset.evaluate((el) => {
    (el as HTMLElement).style.scrollMarginTop = "72px";
    el.scrollIntoView({ block: "start" });
  });
}

/** A screenshot once the page has loaded. */
async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  await expect(page.locator("#loading")).toHaveCount(0);
  await screenshot(page, info, name);
}

test("the Indexed Search fieldset shows the entries and last build, and Rebuild shows building, then the new status", async ({
  page,
  server,
}, info) => {
  const before = await indexStatus(server);
  await signIn(page, server);
  await page.goto(`${server.url}/settings/global`);
  const fieldset = page.getByRole("group", { name: "Indexed Search" });
  const line = fieldset.getByRole("status", { name: "Index status" });
  await expect(line).toContainText(`Entries: ${before.entries}`);
  await expect(line).toContainText("Last build:");
  await expect(fieldset.getByText("apply from the next walk")).toBeVisible();
  const rebuild = fieldset.getByRole("button", { name: "Rebuild index" });
  await showFieldset(fieldset);
  await rebuild.click();
  await expect(line).toContainText("Building now…");
  await expect(rebuild).toBeDisabled();
  await screenshot(page, info, "index-settings-building-1280");
  await expect(line).not.toContainText("Building now…", { timeout: 15_000 });
  await expect(rebuild).toBeEnabled();
  const after = await indexStatus(server);
  expect(after.builtAt!).toBeGreaterThan(before.builtAt!);
  expect(after.entries).toBe(before.entries);
  await expect(line).toContainText(`Entries: ${after.entries}`);
  await expect(line).toContainText(
    new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" }).format(new Date(after.builtAt!)),
  );
});

test("a non-admin never sees the index status: the global settings answer 403", async ({ page, server }) => {
  const res = await fetch(`${server.url}/api/users`, {
    method: "POST",
    headers: { "X-Auth": token, "Content-Type": "application/json" },
    body: JSON.stringify({ what: "user", which: [], data: { username: "plainidx", password: "a-long-password-123" } }),
  });
  expect(res.status).toBe(201);
  const plain = await login(server, "plainidx", "a-long-password-123");
  const status = await fetch(`${server.url}/api/search-index`, { headers: { "X-Auth": plain } });
  expect(status.status).toBe(403);
  expect(await status.text()).toBe("403 Forbidden");
  await page.goto(`${server.url}/login`);
  await page.evaluate((t) => localStorage.setItem("jwt", t), plain);
  await page.goto(`${server.url}/settings/global`);
  await expect(page).toHaveURL(`${server.url}/403`);
});

test("the listing shows each folder's total size from the index, and '—' for a folder the index does not know", async ({
  page,
  server,
}) => {
  // A folder left out of the index (excludeIndexDirs), made behind the product's back: the index has no total for it.
  const settings = (await (
    await fetch(`${server.url}/api/settings`, { headers: { "X-Auth": token } })
  ).json()) as Record<string, unknown>;
  const saved = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    headers: { "X-Auth": token, "Content-Type": "application/json" },
    body: JSON.stringify({ ...settings, excludeIndexDirs: ["unindexed"] }),
  });
  expect(saved.status).toBe(200);
  mkdirSync(join(server.root, "unindexed"));
  writeFileSync(join(server.root, "unindexed", "x.bin"), Buffer.alloc(5000));
  await signIn(page, server);
  await openFolder(page, server, "/");
  await page.getByRole("button", { name: "List view" }).click();
  for (const [name, total] of Object.entries(TOTALS))
    await expect(item(page, name).locator(".item-size")).toHaveText(formatSize(total));
  await expect(item(page, "empty").locator(".item-size")).toHaveText("0 B");
  await expect(item(page, "unindexed").locator(".item-size")).toHaveText("—");
  await expect(item(page, "readme.txt").locator(".item-size")).toHaveText("6 B");
  // Sorting by size puts the folders in the order of their totals; the unknown one counts as 0.
  await page.getByRole("group", { name: "Sort by" }).getByRole("button", { name: "Size", exact: true }).click();
  const folders = page.getByRole("group", { name: "Folders" }).getByRole("option");
  await expect(folders).toHaveText([/^empty/, /^unindexed/, /^docs/, /^photos/, /^music/]);
  await page.getByRole("group", { name: "Sort by" }).getByRole("button", { name: "Size", exact: true }).click();
  await expect(folders).toHaveText([/^music/, /^photos/, /^docs/, /^unindexed/, /^empty/]);
  await page.getByRole("group", { name: "Sort by" }).getByRole("button", { name: "Name", exact: true }).click();
  // Mosaic folder cards show the size too.
  await page.getByRole("button", { name: "Mosaic view" }).click();
  await expect(page.locator(".items.mosaic")).toBeVisible();
  await expect(item(page, "music").locator(".item-size")).toBeVisible();
  await expect(item(page, "music").locator(".item-size")).toHaveText(formatSize(TOTALS.music));
  await expect(item(page, "unindexed").locator(".item-size")).toBeHidden();
  await page.getByRole("button", { name: "List view" }).click();
});

for (const size of SIZES) {
  test(
    `screenshots at ${size.name} px: the Indexed Search fieldset and the listing with folder sizes`,
    { tag: "@screens" },
    async ({ browser, server }, info) => {
      const { page, close } = await openAt(browser, server, size.viewport);
      await page.goto(`${server.url}/settings/global`);
      const fieldset = page.getByRole("group", { name: "Indexed Search" });
      await expect(fieldset.getByRole("status", { name: "Index status" })).toContainText("Last build:");
      await showFieldset(fieldset);
      const box = (await fieldset.getByRole("button", { name: "Rebuild index" }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
      await shoot(page, info, `index-settings-${size.name}`);
      await openFolder(page, server, "/");
      await page.getByRole("button", { name: "List view" }).click();
      await expect(item(page, "music").locator(".item-size")).toBeVisible();
      await expect(item(page, "music").locator(".item-size")).toHaveText(formatSize(TOTALS.music));
      await shoot(page, info, `folder-sizes-list-${size.name}`);
      await page.getByRole("button", { name: "Mosaic view" }).click();
      await expect(item(page, "music").locator(".item-size")).toBeVisible();
      await shoot(page, info, `folder-sizes-mosaic-${size.name}`);
      await page.getByRole("button", { name: "List view" }).click();
      await close();
    },
  );
}

test(
  "the Indexed Search fieldset says when the watch limit leaves folders to the refresh interval",
  { tag: "@screens" },
  async ({ browser }, info) => {
    // Two watches allowed for a tree of five folders: the others wait for the refresh interval.
    const root = mkdtempSync(join(tmpdir(), "fbe-index-short-"));
    writeTree(root, { "a/one.txt": "1", "b/two.txt": "2", "c/d/three.txt": "3" });
    const short = await startServer({ root, env: { FBE_INDEX_WATCH_MAX: "2" } });
    try {
      for (const size of SIZES) {
        for (const colorScheme of ["light", "dark"] as const) {
          const context = await browser.newContext({ viewport: size.viewport, colorScheme });
          const page = await context.newPage();
          await signIn(page, short);
          await page.goto(`${short.url}/settings/global`);
          const fieldset = page.getByRole("group", { name: "Indexed Search" });
          await expect(fieldset.getByRole("status", { name: "Index status" })).toContainText("Last build:");
          const notice = fieldset.getByRole("note");
          await expect(notice).toContainText(
            "The system's limit of folder watches (fs.inotify.max_user_watches) is too small for this tree: 2 folders are watched.",
          );
          await expect(notice).toContainText("found at the next refresh (interval: 60 min)");
          await showFieldset(fieldset);
          const box = (await notice.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
          await shoot(page, info, `index-watch-short-${size.name}-${colorScheme}`);
          await context.close();
        }
      }
    } finally {
      await short.stop();
    }
  },
);
