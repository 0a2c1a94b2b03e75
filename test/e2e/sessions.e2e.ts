import type { Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { makeUser } from "../support/factories";
import { expect, test, PNG_RED, item, openFolder, screenshot, signInAs, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "photos/red.png": PNG_RED, "photos/notes.txt": "notes", "other/secret.txt": "secret" });
    },
  },
});

/** Starts the page with a fresh session of the admin; returns its token. */
async function startSession(page: Page, server: TestServer): Promise<string> {
  const token = await login(server);
  await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), token);
  return token;
}

/** Decodes the claims of a JWT. */
function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
}

const status = async (url: string, init: RequestInit = {}) => (await fetch(url, init)).status;

test("thumbnails and previews load with a read-only media token of their folder, never the login token", async ({
  page,
  server,
}) => {
  const session = await startSession(page, server);
  await openFolder(page, server, "/photos/");
  const thumb = page.locator("img.thumb").first();
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = new URL((await thumb.getAttribute("src"))!, server.origin);
  const media = src.searchParams.get("auth")!;
  expect(media).not.toBe(session);
  expect(claims(media)).toMatchObject({ typ: "media", pfx: "/photos/" });
  // That token reads the folder's files, and nothing else, and cannot write.
  expect(await status(`${server.url}/api/raw/photos/notes.txt?auth=${media}`)).toBe(200);
  expect(await status(`${server.url}/api/raw/other/secret.txt?auth=${media}`)).toBe(403);
  expect(await status(`${server.url}/api/resources/photos/notes.txt?auth=${media}`, { method: "DELETE" })).toBe(403);

  await item(page, "red.png").dblclick();
  const shown = page.locator("img.preview-image");
  await expect(shown).toBeVisible();
  const previewSrc = new URL((await shown.getAttribute("src"))!, server.origin);
  expect(previewSrc.searchParams.get("auth")).not.toBe(session);
  expect(claims(previewSrc.searchParams.get("auth")!)).toMatchObject({ typ: "media" });
});

test("Copy External Link gives a link whose token opens that one file only", async ({ page, context, server }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
  const session = await startSession(page, server);
  await openFolder(page, server, "/photos/");
  await item(page, "notes.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Copy external link" }).click();
  await expect(page.getByText("External Link copied")).toBeVisible();
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  const token = link.searchParams.get("auth")!;
  expect(token).not.toBe(session);
  expect(claims(token)).toMatchObject({ typ: "media", pfx: "/photos/notes.txt" });
  expect(await (await fetch(link)).text()).toBe("notes");
  expect(await status(`${server.url}/api/raw/photos/red.png?auth=${token}`)).toBe(403);
});

test("Logout ends the session on the server: its token stops working", async ({ page, server }) => {
  const session = await startSession(page, server);
  await openFolder(page, server, "/");
  expect(await status(`${server.url}/api/resources/`, { headers: { "X-Auth": session } })).toBe(200);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => status(`${server.url}/api/resources/`, { headers: { "X-Auth": session } })).toBe(401);
});

test("'Log out other sessions' in the profile ends the other sessions and keeps this one", async ({
  page,
  server,
}, testInfo) => {
  const user = await makeUser(server, await login(server), { perm: { download: true } });
  const elsewhere = await login(server, user.username, user.password);
  await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), user.token);
  await page.goto(`${server.url}/settings/profile`);
  const card = page.getByRole("region", { name: "Sessions" });
  await expect(card).toBeVisible();
  await expect(page.locator("#loading")).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "profile-sessions-1280");
  await card.getByRole("button", { name: "Log out other sessions" }).click();
  await expect(page.getByText("Other sessions logged out: 1")).toBeVisible();
  expect(await status(`${server.url}/api/resources/`, { headers: { "X-Auth": elsewhere } })).toBe(401);
  await page.goto(`${server.url}/files/`);
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${server.url}/settings/profile`);
  await expect(card).toBeVisible();
  await expect(page.locator("#loading")).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "profile-sessions-375-dark");
});

test("the Sessions card groups repeated logins of one device with a count and signs them out together", async ({
  page,
  server,
}, testInfo) => {
  const user = await makeUser(server, await login(server), { perm: { download: true } });
  const scripts = [
    await login(server, user.username, user.password),
    await login(server, user.username, user.password),
    await login(server, user.username, user.password),
  ];
  await signInAs(page, server, user.username, user.password);
  await page.goto(`${server.url}/settings/profile`);
  const list = page.getByRole("region", { name: "Sessions" }).getByRole("list", { name: "Active sessions" });
  // The browser of this page, and one row for the four API logins from the same client and IP (makeUser's included).
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const device = list.getByRole("listitem").filter({ hasText: "4 logins" });
  await expect(device).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("This browser");
  await device.scrollIntoViewIfNeeded();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await screenshot(page, testInfo, `sessions-grouped-1280-${colorScheme}`);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await device.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "sessions-grouped-375-dark");
  await device.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page.getByText("Session ended")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  for (const token of scripts)
    expect(await status(`${server.url}/api/resources/`, { headers: { "X-Auth": token } })).toBe(401);
});
