import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, signIn, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "handover/plan.txt": "the plan, byte for byte" });
    },
  },
});

test("a link made in the Share dialog opens without login, shows the name and QR code, downloads the same bytes, and stops once the admin deletes it on /shared", async ({
  page,
  browser,
  context,
  server,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, server);
  await openFolder(page, server, "/handover/");
  await item(page, "plan.txt").click();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await dialog.getByRole("combobox", { name: "Expires after" }).selectOption("custom");
  await dialog.getByRole("spinbutton", { name: "Duration" }).fill("2");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await dialog
    .getByRole("button", { name: /^Copy link/ })
    .first()
    .click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain("/share/");

  // A visitor: a fresh browser context with no session at all.
  const visitor = await browser.newContext({ acceptDownloads: true });
  const guest = await visitor.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "plan.txt" })).toBeVisible();
  await guest.getByRole("button", { name: /QR/i }).click();
  const qr = guest.getByRole("img", { name: /QR/i });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const [download] = await Promise.all([
    guest.waitForEvent("download"),
    guest.getByRole("link", { name: /download file/i }).click(),
  ]);
  expect(readFileSync((await download.path())!)).toEqual(readFileSync(join(server.root, "handover", "plan.txt")));

  await page.goto(`${server.url}/shared`);
  await page.getByRole("button", { name: "Delete link (/handover/plan.txt)" }).click();
  await expect(page.getByRole("button", { name: "Delete link (/handover/plan.txt)" })).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole("alert")).toHaveText("Error: this share is currently not available :(");
  await visitor.close();
});
