import type { Browser, Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { call, makeUser, putUser, type TestUser } from "../support/factories";
import { expect, test, writeTree } from "./fixtures";

let admin: string;

test.use({
  serverOptions: {
    prepare: async (server) => {
      admin = await login(server);
      writeTree(server.root, { "a.txt": "a" });
    },
  },
});

/** The page background a user sees (theme.css --bg in light and dark). */
const LIGHT_BG = "rgb(255, 255, 255)";
const DARK_BG = "rgb(21, 23, 27)";
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Opens a page as `user` in a browser whose system setting is `scheme`, with a session already stored. */
async function openAs(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  scheme: "light" | "dark",
  path: string,
): Promise<Page> {
  const context = await browser.newContext({ colorScheme: scheme });
  const page = await context.newPage();
  await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), user.token);
  await page.goto(`${server.url}${path}`);
  await expect(page.locator("#loading")).toHaveCount(0);
  return page;
}

const themeGroup = (page: Page) => page.getByRole("radiogroup", { name: "Theme" });

test("choosing Dark darkens the interface at once, is saved, and stays after a reload and on another device", async ({
  browser,
  server,
}) => {
  const user = await makeUser(server, admin, { perm: { create: true } });
  const page = await openAs(browser, server, user, "light", "/settings/profile");
  await expect(themeGroup(page).getByRole("radio", { name: "System" })).toBeChecked();
  expect(await background(page)).toBe(LIGHT_BG);

  await themeGroup(page).getByRole("radio", { name: "Dark" }).check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await expect(page.getByText("Settings updated!")).toBeVisible();
  expect(await (await call(server, user.token, "GET", `/users/${user.id}`)).json()).toMatchObject({ theme: "dark" });

  await page.reload();
  await expect(themeGroup(page).getByRole("radio", { name: "Dark" })).toBeChecked();
  expect(await background(page)).toBe(DARK_BG);
  await page.goto(`${server.url}/files/`);
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  expect(await background(page)).toBe(DARK_BG);

  // Another device: a browser with nothing stored but the session, its system set to light.
  const elsewhere = await openAs(browser, server, user, "light", "/files/");
  await expect.poll(() => background(elsewhere)).toBe(DARK_BG);
  await elsewhere.context().close();

  // Light holds even on a device set to dark.

  await page.goto(`${server.url}/settings/profile`);
  await themeGroup(page).getByRole("radio", { name: "Light" }).check();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(themeGroup(page).getByRole("radio", { name: "Light" })).toBeChecked();
  expect(await background(page)).toBe(LIGHT_BG);
  await page.context().close();
});

test("System follows the device's light or dark setting, live", async ({ browser, server }) => {
  const user = await makeUser(server, admin);
  const page = await openAs(browser, server, user, "light", "/settings/profile");
  await expect(themeGroup(page).getByRole("radio", { name: "System" })).toBeChecked();
  expect(await background(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);

  await themeGroup(page).getByRole("radio", { name: "Dark" }).check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await themeGroup(page).getByRole("radio", { name: "System" }).check();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await expect(page.getByText("Settings updated!").first()).toBeVisible();
  await page.reload();
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.context().close();
});

test("quick successive choices end on the last one, on screen and in the profile, while the first save is slow", async ({
  browser,
  server,
}) => {
  const user = await makeUser(server, admin);
  const page = await openAs(browser, server, user, "light", "/settings/profile");
  // The save of the first choice (Dark) is held back until the second (System) was made.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let puts = 0;
  await page.route(`**/api/users/${user.id}`, async (route) => {
    if (route.request().method() === "PUT" && ++puts === 1) await held;
    await route.fallback();
  });
  await themeGroup(page).getByRole("radio", { name: "Dark" }).check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await themeGroup(page).getByRole("radio", { name: "System" }).check();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  const lastRenewal = page.waitForResponse((r) => r.url().endsWith("/api/renew") && puts === 2);
  release();
  await lastRenewal;
  expect(puts).toBe(2);
  expect(await (await call(server, user.token, "GET", `/users/${user.id}`)).json()).toMatchObject({ theme: "system" });
  await expect(themeGroup(page).getByRole("radio", { name: "System" })).toBeChecked();
  expect(await background(page)).toBe(LIGHT_BG);
  await page.context().close();
});

test("the login page follows the device, then keeps the last theme used on this device after logout", async ({
  browser,
  server,
}) => {
  const user = await makeUser(server, admin);
  expect((await putUser(server, user.token, user.id, ["theme"], { theme: "dark" })).status).toBe(200);
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);

  await page.getByRole("textbox", { name: "Username" }).fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${server.url}/files/`);
  await expect.poll(() => background(page)).toBe(DARK_BG);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
  await page.reload();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  expect(await background(page)).toBe(DARK_BG);
  await context.close();
});
