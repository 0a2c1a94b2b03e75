import type { Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { expect, test, createUser, item, openFolder, screenshot, signIn, signInAs, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "box/secret.txt": "the secret",
        "box/once.txt": "only once",
        "box/inbox/old.txt": "old",
      });
    },
  },
});

/** Opens the Share dialog of one item of /box/ and its More options. */
async function openOptions(page: Page, server: TestServer, name: string) {
  await openFolder(page, server, "/box/");
  await item(page, name).click();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByRole("list", { name: "Share links" })).toBeVisible();
  const more = dialog.getByRole("button", { name: "More options" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(dialog.getByLabel("Password")).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  return dialog;
}

/** The hash of the only link the dialog lists (read through the copy button's clipboard text). */
async function onlyHash(page: Page, dialog: ReturnType<Page["getByRole"]>): Promise<string> {
  await dialog
    .getByRole("listitem")
    .getByRole("button", { name: /^Copy link/ })
    .click();
  return (await page.evaluate(() => navigator.clipboard.readText())).split("/share/")[1];
}

/** Creates a link with options as the admin through the API. */
async function apiShare(server: TestServer, path: string, options: Record<string, unknown>): Promise<void> {
  const headers = { "X-Auth": await login(server), "Content-Type": "application/json" };
  const res = await fetch(`${server.url}/api/share${path}?expires=3&unit=days`, {
    method: "POST",
    headers,
    body: JSON.stringify(options),
  });
  expect(res.status).toBe(200);
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("a password link made in the dialog shows a lock and refuses a download without the password", async ({
  signedIn: page,
  server,
}) => {
  const dialog = await openOptions(page, server, "secret.txt");
  await expect(dialog.getByRole("checkbox", { name: "Upload only" })).toHaveCount(0);
  await dialog.getByLabel("Password", { exact: true }).fill("open sesame");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = dialog.getByRole("listitem");
  await expect(link.locator(".share-link-when")).toHaveText("Never expiresPassword protected");
  await expect(link.getByTitle("Password protected")).toBeVisible();
  // The typed password is not kept for the next link.
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveValue("");
  const hash = await onlyHash(page, dialog);
  expect((await fetch(`${server.url}/api/public/dl/${hash}`)).status).toBe(401);
});

test("an upload-only folder link shows its badge and the public share answers upload only", async ({
  signedIn: page,
  server,
}) => {
  const dialog = await openOptions(page, server, "inbox");
  const uploadOnly = dialog.getByRole("checkbox", { name: "Upload only" });
  await expect(uploadOnly).toHaveAccessibleDescription(
    "Visitors can upload files into this folder but cannot see or download anything.",
  );
  await uploadOnly.check();
  await dialog.getByRole("combobox", { name: "Expires after" }).selectOption("custom");
  await dialog.getByRole("spinbutton", { name: "Duration" }).fill("2");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByRole("listitem").locator(".share-link-when")).toHaveText("Expires in 2 hoursupload only");
  const hash = await onlyHash(page, dialog);
  const info = await (await fetch(`${server.url}/api/public/share/${hash}`)).json();
  expect(info).toMatchObject({ uploadOnly: true, isDir: true });
});

test("a download limit blocks a bad value, then counts the download on the Shared Links screen", async ({
  signedIn: page,
  server,
}) => {
  const dialog = await openOptions(page, server, "once.txt");
  await dialog.getByRole("combobox", { name: "Expires after" }).selectOption({ label: "1 hour" });
  const limit = dialog.getByRole("spinbutton", { name: "Download limit" });
  const create = dialog.getByRole("button", { name: "Create link" });
  await limit.fill("0");
  await expect(create).toBeDisabled();
  await expect(limit).toHaveAccessibleDescription("Enter a whole number of 1 or more, or leave it empty.");
  await limit.fill("1");
  await create.click();
  await expect(dialog.getByRole("listitem").locator(".share-link-when")).toHaveText("Expires in 1 hour0/1 downloads");
  const hash = await onlyHash(page, dialog);
  expect(await (await fetch(`${server.url}/api/public/dl/${hash}`)).text()).toBe("only once");
  expect((await fetch(`${server.url}/api/public/dl/${hash}`)).status).toBe(404);

  await page.goto(`${server.url}/shared`);
  const row = page.getByRole("table", { name: "Shared links" }).getByRole("row").filter({ hasText: hash });
  await expect(page.getByRole("columnheader", { name: "Downloads" })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("1/1");
});

test("a user with the share permission but not download has no Share action", async ({ page, server }) => {
  await createUser(server, "nodl", "nodl-pass-12345", { rename: true, share: true });
  await signInAs(page, server, "nodl", "nodl-pass-12345");
  await openFolder(page, server, "/box/");
  await item(page, "once.txt").click();
  await expect(page.getByRole("button", { name: "Rename" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share", exact: true })).toHaveCount(0);
  await item(page, "once.txt").click({ button: "right" });
  await expect(page.getByRole("menuitem", { name: "Share" })).toBeDisabled();
});

for (const size of [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
]) {
  test(
    `the Share dialog's More options and the Shared Links screen at ${size.name} px, light and dark`,
    { tag: "@screens" },
    async ({ page, server }, testInfo) => {
      await apiShare(server, "/box/secret.txt", { password: "pw", downloadLimit: 3 });
      await apiShare(server, "/box/inbox/", { uploadOnly: true });
      await page.setViewportSize(size.viewport);
      await signIn(page, server);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        const dialog = await openOptions(page, server, "inbox");
        await dialog.getByLabel("Password", { exact: true }).fill("pw");
        await dialog.getByRole("spinbutton", { name: "Download limit" }).fill("5");
        await screenshot(page, testInfo, `share-options-${size.name}-${colorScheme}`);
        await dialog.getByRole("button", { name: "Close" }).click();
        await openFolder(page, server, "/box/");
        await item(page, "secret.txt").click();
        await page.getByRole("button", { name: "Share", exact: true }).click();
        await expect(dialog.getByRole("listitem").filter({ hasText: "0/3 downloads" }).first()).toBeVisible();
        await screenshot(page, testInfo, `share-badges-${size.name}-${colorScheme}`);
        await page.goto(`${server.url}/shared`);
        await expect(page.getByRole("table", { name: "Shared links" })).toBeVisible();
        await expect(page.locator("#loading")).toHaveCount(0);
        await screenshot(page, testInfo, `shared-options-${size.name}-${colorScheme}`);
      }
    },
  );
}
