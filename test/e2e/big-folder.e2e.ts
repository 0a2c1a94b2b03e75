import type { TestServer } from "../support/server";
import type { Browser, Page } from "@playwright/test";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, screenshot, signIn } from "./fixtures";

// A folder of 100,000 empty files (and a few folders), written before the server starts.
const FILES = 100_000;
const name = (i: number) => `file-${String(i).padStart(6, "0")}.txt`;
const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
];
// The DOM holds the rows near the window only, whatever the folder size.
const MAX_ROWS = 300;

test.use({
  serverOptions: {
    seed: (root) => {
      const big = join(root, "big");
      mkdirSync(big);
      for (let i = 1; i <= FILES; i++) closeSync(openSync(join(big, name(i)), "w"));
      for (const dir of ["Archive", "Projects"]) mkdirSync(join(big, dir));
    },
  },
});

test.describe.configure({ timeout: 120_000 });

async function openBig(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number },
  mode: "list" | "mosaic",
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, server);
  await page.goto(`${server.url}/files/big/`);
  // Reading and sending 100,000 entries takes a few seconds on a busy machine.
  await expect(item(page, name(1))).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("#loading")).toHaveCount(0);
  // The view mode is kept in the profile: each test says which one it wants.
  await page.getByRole("button", { name: mode === "list" ? "List view" : "Mosaic view" }).click();
  await expect(page.locator(".items.mosaic")).toHaveCount(mode === "mosaic" ? 1 : 0);
  return page;
}

const rowCount = (page: Page) => page.getByRole("option").count();
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const atBottom = (page: Page) =>
  page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4);

/** The name of the item under the middle of the window, or null when there is none (a blank gap). */
const centreRow = (page: Page) =>
  page.evaluate(
    () =>
      document
        .elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)
        ?.closest(".item")
        ?.getAttribute("aria-label") ?? null,
  );

/** Where an item is: not rendered, above or below the window's item area (under the headers: top 120 px), or in it. */
const whereIs = (page: Page, itemName: string) =>
  page.evaluate((n) => {
    const el = document.querySelector(`.item[aria-label="${n}"]`);
    if (!el) return "absent";
    const r = el.getBoundingClientRect();
    return r.top < 120 ? "above" : r.bottom > window.innerHeight ? "below" : "in";
  }, itemName);

/** Waits until the window has stopped scrolling (a wheel scroll goes on after the event). */
const settle = (page: Page) =>
  page.evaluate(async () => {
    let last = -1;
    for (let still = 0; still < 3; ) {
      await new Promise((r) => requestAnimationFrame(r));
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
  });

/** Scrolls the window with the mouse wheel, a screen at a time as a user does, until the item is in view. */
async function wheelTo(page: Page, itemName: string): Promise<void> {
  const view = page.viewportSize()!;
  await page.mouse.move(view.width / 2, view.height / 2);
  for (let i = 0; i < 300; i++) {
    const where = await whereIs(page, itemName);
    if (where === "in") return;
    await page.mouse.wheel(0, where === "above" ? -200 : 500);
    await settle(page);
  }
  throw new Error(`${itemName} did not come into view`);
}

test("the list of a 100,000-entry folder grows by 100 at the bottom, scrolls to its last entry, and keeps a small DOM", async ({
  browser,
  server,
}) => {
  const page = await openBig(browser, server, SIZES[0].viewport, "list");
  expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
  // docs/product.md "Listing": 100 items at first; the bottom of the page shows the 98th file (after two folders) and
  // adds 100 rows.
  const first = await pageHeight(page);
  const rowHeight = await item(page, name(1)).evaluate((el) => el.getBoundingClientRect().height);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(item(page, name(98))).toBeVisible();
  await expect.poll(() => pageHeight(page)).toBeGreaterThan(first + 99 * rowHeight);
  expect(await pageHeight(page)).toBeLessThan(first + 101 * rowHeight);
  await wheelTo(page, name(250));
  await expect(item(page, name(250))).toBeVisible();
  expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
  // End goes to the end of the whole folder: the last entry shows at the bottom of the page.
  await page.keyboard.press("End");
  await expect(item(page, name(FILES))).toBeVisible();
  await expect.poll(() => atBottom(page)).toBe(true);
  // Assistive technology hears the place in the whole folder, not in the rendered rows.
  await expect(item(page, name(FILES))).toHaveAttribute("aria-posinset", String(FILES + 2));
  await expect(item(page, name(FILES))).toHaveAttribute("aria-setsize", String(FILES + 2));
  expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
  // Scrolling back up a few screens with the wheel: rows are there wherever the window stops, never a blank gap.
  const end = await page.evaluate(() => window.scrollY);
  await page.mouse.move(640, 400);
  for (let i = 0; i < 5; i++) {
    await page.mouse.wheel(0, -1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(end - 1000 * i);
    await expect.poll(() => centreRow(page)).toMatch(/^file-\d{6}\.txt$/);
  }
  expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
  await page.context().close();
});

test("a shift-click range over 1,000 items of a 100,000-entry folder counts 1000 selected", async ({
  browser,
  server,
}) => {
  const page = await openBig(browser, server, SIZES[0].viewport, "list");
  await item(page, name(11)).click();
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
  await wheelTo(page, name(1010));
  await item(page, name(1010)).click({ modifiers: ["Shift"] });
  await expect(page.getByText("1000 selected", { exact: true })).toBeVisible();
  await expect(item(page, name(1010))).toHaveAttribute("aria-selected", "true");
  await expect(item(page, name(1011))).toHaveAttribute("aria-selected", "false");
  expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
  // Home and End select the first and the last entry of the whole folder, scrolled into view.
  await page.keyboard.press("End");
  await expect(item(page, name(FILES))).toBeVisible();
  await expect(item(page, name(FILES))).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await expect(item(page, name(FILES - 1))).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(item(page, "Archive")).toBeVisible();
  await expect(item(page, "Archive")).toHaveAttribute("aria-selected", "true");
  // Select all takes the whole folder, not only the rendered rows.
  await page.keyboard.press("Control+a");
  await expect(page.getByText(`${FILES + 2} selected`, { exact: true })).toBeVisible();
  expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
  await page.context().close();
});

for (const size of SIZES) {
  test(`the list and the mosaic of a 100,000-entry folder at ${size.name} px, at the top and at the end`, async ({
    browser,
    server,
  }, testInfo) => {
    const page = await openBig(browser, server, size.viewport, "list");
    for (const mode of ["list", "mosaic"] as const) {
      if (mode === "mosaic") {
        await page.getByRole("button", { name: "Mosaic view" }).click();
        await expect(page.locator(".items.mosaic")).toHaveCount(1);
        await page.keyboard.press("Home");
        await expect(item(page, "Archive")).toBeVisible();
        await page.keyboard.press("Escape");
      }
      await screenshot(page, testInfo, `big-${mode}-${size.name}-top`);
      await page.keyboard.press("End");
      await expect(item(page, name(FILES))).toBeVisible();
      expect(await rowCount(page)).toBeLessThan(MAX_ROWS);
      await page.keyboard.press("Escape");
      await expect(item(page, name(FILES))).toHaveAttribute("aria-selected", "false");
      await screenshot(page, testInfo, `big-${mode}-${size.name}-end`);
    }
    await page.getByRole("button", { name: "List view" }).click();
    await page.context().close();
  });
}
