import type { TestServer } from "../support/server";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test, openFolder, screenshot, signIn, throttleUploads, writeTree } from "./fixtures";

const LONG =
  "Quarterly report for the regional offices with every appendix and the scanned receipts (final, reviewed).bin";
const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
];

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "panel/": "", "panel/readme.txt": "r" });
    },
  },
});

async function openPanelFolder(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number },
  colorScheme: "light" | "dark" = "light",
) {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  await signIn(page, server);
  await openFolder(page, server, "/panel/");
  return { context, page };
}

/** Uploads through the Upload button (on phones it sits in the bottom bar). */
async function pick(page: Page, files: Array<{ name: string; bytes: number }>): Promise<void> {
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await (await choosing).setFiles(
    files.map((f) => ({ name: f.name, mimeType: "application/octet-stream", buffer: Buffer.alloc(f.bytes, 7) })),
  );
}

/** The headline holds one line and the panel stays inside the viewport. */
async function expectTidy(page: Page, panel: Locator): Promise<void> {
  const headline = panel.locator(".upload-headline");
  const line = await headline.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect((await headline.boundingBox())!.height).toBeLessThan(line * 1.5);
  expect(await panel.locator(".upload-summary").evaluate((el) => el.getClientRects().length)).toBe(1);
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

for (const size of SIZES) {
  test(`the upload panel at ${size.name} px: running with speed, cancelled, finished, failed`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { context, page } = await openPanelFolder(browser, server, size.viewport);
    await throttleUploads(page, 2 * 1024 * 1024);
    const panel = page.getByRole("region", { name: "Uploads" });

    await pick(page, [
      { name: LONG, bytes: 24 * 1024 * 1024 },
      { name: "photo-0001.jpg", bytes: 300_000 },
      { name: "photo-0002.jpg", bytes: 300_000 },
    ]);
    await expect(panel.locator(".upload-summary")).toHaveText(/\/s · .+ left/, { timeout: 15_000 });
    await expectTidy(page, panel);
    await screenshot(page, testInfo, `upload-running-${size.name}`);

    await panel.getByRole("button", { name: "Cancel" }).click();
    await expect(panel.locator(".upload-headline")).toHaveText("Upload cancelled");
    await expectTidy(page, panel);
    await screenshot(page, testInfo, `upload-cancelled-${size.name}`);
    await panel.getByRole("button", { name: "Dismiss uploads" }).click();

    await throttleUploads(page, null);
    await pick(page, [
      { name: `done-${size.name}-a.txt`, bytes: 2048 },
      { name: `done-${size.name}-b.txt`, bytes: 4096 },
    ]);
    await expect(panel.locator(".upload-headline")).toHaveText("Uploads finished");
    await expect(panel.locator(".upload-summary")).toHaveText("Files uploaded: 2");
    await expectTidy(page, panel);
    await screenshot(page, testInfo, `upload-finished-${size.name}`);
    await panel.getByRole("button", { name: "Dismiss uploads" }).click();

    await page.route("**/api/resources/panel/refused-*", (route) =>
      route.fulfill({ status: 500, body: "500 Internal Server Error" }),
    );
    await pick(page, [
      { name: `refused-${size.name}.txt`, bytes: 10 },
      { name: `fine-${size.name}.txt`, bytes: 10 },
    ]);
    await expect(panel.locator(".upload-headline")).toHaveText("Upload failed");
    await expect(panel.locator(".upload-summary")).toHaveText("Files uploaded: 1 · Failed: 1");
    await expect(panel.getByRole("listitem").filter({ hasText: `refused-${size.name}.txt` })).toContainText(
      "The server could not save the file.",
    );
    await expectTidy(page, panel);
    await screenshot(page, testInfo, `upload-failed-${size.name}`);
    await context.close();
  });
}

test("the running upload panel in the dark theme on a phone", async ({ browser, server }, testInfo) => {
  const { context, page } = await openPanelFolder(browser, server, { width: 375, height: 740 }, "dark");
  await throttleUploads(page, 2 * 1024 * 1024);
  const panel = page.getByRole("region", { name: "Uploads" });
  await pick(page, [
    { name: LONG, bytes: 16 * 1024 * 1024 },
    { name: "photo-0001.jpg", bytes: 300_000 },
  ]);
  await expect(panel.locator(".upload-summary")).toHaveText(/\/s · .+ left/, { timeout: 15_000 });
  await screenshot(page, testInfo, "upload-running-375-dark");
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel.locator(".upload-headline")).toHaveText("Upload cancelled");
  await screenshot(page, testInfo, "upload-cancelled-375-dark");
  await context.close();
});
