import type { Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { expect, test, createUser, item, openFolder, screenshot, signIn, signInAs, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "docs/report.txt": "0123456789", "docs/notes.txt": "notes", "docs/album/a.txt": "a" });
    },
  },
});

/** Opens the Share dialog of one item of /docs/. */
async function openShare(page: Page, server: TestServer, name: string) {
  await openFolder(page, server, "/docs/");
  await item(page, name).click();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByRole("list", { name: "Share links" })).toBeVisible();
  return dialog;
}

/** Creates a link as the admin through the API. */
async function apiShare(server: TestServer, path: string, query = ""): Promise<{ hash: string; expire: number }> {
  const res = await fetch(`${server.url}/api/share${path}${query}`, {
    method: "POST",
    headers: { "X-Auth": await login(server) },
  });
  return res.json();
}

test("the Share dialog creates a never-expiring link by default and shows its URL with Copy, named tools and its QR code", async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, server);
  const dialog = await openShare(page, server, "report.txt");
  const links = dialog.getByRole("list", { name: "Share links" }).getByRole("listitem");
  await expect(links).toHaveText(["No links yet."]);
  await expect(dialog.getByRole("combobox", { name: "Expires after" })).toHaveValue("never");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(links.first()).toContainText("Never expires");
  const url = dialog.getByRole("textbox", { name: "Link (Never expires)" });
  await expect(url).toHaveValue(new RegExp(`^${server.origin}/share/[A-Za-z0-9_-]+$`));
  await expect(url).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("img", { name: /QR/ })).toBeVisible();
  for (const name of [
    "QR code (Never expires)",
    "Change the speed limit of Never expires",
    "Delete link (Never expires)",
  ]) {
    await expect(dialog.getByRole("button", { name })).toHaveAttribute("title", /\S/);
  }

  await dialog.getByRole("button", { name: "Copy link (Never expires)" }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await url.inputValue());
  const download = await fetch(`${server.url}/api/public/dl/${copied.split("/share/")[1]}`);
  expect(download.status).toBe(200);
  expect(await download.text()).toBe("0123456789");
});

test("the Share dialog creates an expiring link from a preset or a custom duration and deletes a link", async ({
  signedIn: page,
  server,
}) => {
  const dialog = await openShare(page, server, "notes.txt");
  const links = dialog.getByRole("list", { name: "Share links" }).getByRole("listitem");
  const expiry = dialog.getByRole("combobox", { name: "Expires after" });
  await expiry.selectOption({ label: "1 hour" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(links.filter({ hasText: "Expires in 1 hour" })).toHaveCount(1);

  await expiry.selectOption("custom");
  const create = dialog.getByRole("button", { name: "Create link" });
  await expect(create).toBeDisabled();
  await expect(dialog.getByRole("combobox", { name: "Unit" })).toHaveValue("hours");
  await dialog.getByRole("spinbutton", { name: "Duration" }).fill("3");
  await dialog.getByRole("combobox", { name: "Unit" }).selectOption("days");
  await create.click();
  await expect(links.filter({ hasText: "Expires in 3 days" })).toHaveCount(1);

  await dialog.getByRole("button", { name: "Delete link (Expires in 1 hour)" }).click();
  await expect(links.filter({ hasText: "Expires in 1 hour" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await openShare(page, server, "notes.txt");
  await expect(
    page.getByRole("dialog", { name: "Share" }).getByRole("list", { name: "Share links" }).getByRole("listitem"),
  ).toHaveText([/Expires in 3 days/]);
});

test("the context menu opens the Share dialog of a folder", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/docs/");
  await item(page, "album").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByRole("list", { name: "Share links" }).getByRole("listitem")).toHaveText([/Never expires/]);
  const mine = await (
    await fetch(`${server.url}/api/share/docs/album/`, { headers: { "X-Auth": await login(server) } })
  ).json();
  expect(mine.map((l: { path: string }) => l.path)).toEqual(["/docs/album/"]);
});

test("the admin's Shared Links screen lists every link permanent first with its owner's name and deletes one", async ({
  page,
  server,
}) => {
  const later = await apiShare(server, "/docs/notes.txt", "?expires=2&unit=days");
  const sooner = await apiShare(server, "/docs/notes.txt", "?expires=5&unit=minutes");
  const permanent = await apiShare(server, "/docs/notes.txt");
  await signIn(page, server);
  await openFolder(page, server, "/docs/");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Shared Links" }).click();
  await expect(page).toHaveURL(`${server.url}/shared`);
  const table = page.getByRole("table", { name: "Shared links" });
  const rows = table.getByRole("row");
  await expect(rows.filter({ hasText: later.hash })).toHaveCount(1);
  const hashes = await rows.locator("td:nth-child(2)").allInnerTexts();
  expect(hashes.filter((h) => [later.hash, sooner.hash, permanent.hash].includes(h))).toEqual([
    permanent.hash,
    sooner.hash,
    later.hash,
  ]);
  const permanentRow = rows.filter({ hasText: permanent.hash });
  await expect(permanentRow.getByRole("cell").nth(2)).toHaveText("Never");
  await expect(rows.filter({ hasText: later.hash }).getByRole("cell").nth(2)).toHaveText("in 2 days");
  await expect(permanentRow.getByRole("cell").nth(4)).toHaveText(server.username);
  await expect(permanentRow.getByRole("link", { name: "/docs/notes.txt" })).toHaveAttribute(
    "href",
    "/files/docs/notes.txt",
  );
  await expect(permanentRow.getByRole("link", { name: permanent.hash })).toHaveAttribute("target", "_blank");
  await expect(
    page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Home" }),
  ).toHaveAttribute("href", "/files/");

  expect((await fetch(`${server.url}/api/public/share/${permanent.hash}`)).status).toBe(200);
  await permanentRow.getByRole("button", { name: "Delete link (/docs/notes.txt)" }).click();
  await expect(rows.filter({ hasText: permanent.hash })).toHaveCount(0);
  expect((await fetch(`${server.url}/api/public/share/${permanent.hash}`)).status).toBe(404);
});

test("a user without the share permission has no Share action and no Shared Links screen", async ({ page, server }) => {
  await createUser(server, "noshare", "noshare-pass-123", { create: true, rename: true, delete: true, download: true });
  await signInAs(page, server, "noshare", "noshare-pass-123");
  await openFolder(page, server, "/docs/");
  await item(page, "notes.txt").click();
  await expect(page.getByRole("button", { name: "Rename" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share", exact: true })).toHaveCount(0);
  await item(page, "notes.txt").click({ button: "right" });
  await expect(page.getByRole("menuitem", { name: "Share" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await page.goto(`${server.url}/shared`);
  await expect(page).toHaveURL(`${server.url}/403`);
});

for (const size of [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
]) {
  test(
    `the Share dialog and the Shared Links screen at ${size.name} px, light and dark`,
    { tag: "@screens" },
    async ({ page, server }, testInfo) => {
      await apiShare(server, "/docs/album/a.txt", "?expires=90&unit=minutes");
      await apiShare(server, "/docs/album/a.txt", "?expires=3&unit=days");
      await apiShare(server, "/docs/notes.txt", "?expires=4&unit=hours");
      await page.setViewportSize(size.viewport);
      await signIn(page, server);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        const dialog = await openShare(page, server, "notes.txt");
        await expect(
          dialog
            .getByRole("list", { name: "Share links" })
            .getByRole("listitem")
            .filter({ hasText: "Expires in" })
            .first(),
        ).toBeVisible();
        await dialog.getByRole("button", { name: "Create link" }).click();
        await expect(dialog.getByRole("img", { name: /QR/ })).toBeVisible();
        await screenshot(page, testInfo, `share-dialog-${size.name}-${colorScheme}`);
        await page.goto(`${server.url}/shared`);
        await expect(page.getByRole("table", { name: "Shared links" })).toBeVisible();
        await expect(page.locator("#loading")).toHaveCount(0);
        await screenshot(page, testInfo, `shared-links-${size.name}-${colorScheme}`);
      }
    },
  );
}
