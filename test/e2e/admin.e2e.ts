import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { makeUser } from "../support/factories";
import {
  expect,
  test,
  item,
  loginThroughForm,
  saveGlobalSettings,
  screenshot,
  settled,
  signIn,
  writeTree,
} from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "shared/a.txt": "a", "top.txt": "top" });
    },
  },
});

async function openSettings(page: Page, server: TestServer, path: string): Promise<void> {
  await signIn(page, server);
  await page.goto(`${server.url}${path}`);
  await expect(page.locator("#loading")).toHaveCount(0);
}

test("an admin creates a user with limited permissions who then sees no create, upload or delete actions", async ({
  page,
  browser,
  server,
}) => {
  await openSettings(page, server, "/settings/users");
  await expect(page).toHaveTitle("Users - File Browser Enhanced");
  await expect(page.getByRole("table", { name: "Users" })).toContainText("Superadmin");
  await page.getByRole("link", { name: "New" }).click();
  await expect(page).toHaveURL(`${server.url}/settings/users/new`);
  await page.getByRole("textbox", { name: "Username" }).fill("limited");
  await page.getByLabel("Password", { exact: true }).fill("limited-password-1");
  await page.getByRole("textbox", { name: "Scope" }).fill("/");
  await page.getByRole("checkbox", { name: "Create files and folders" }).uncheck();
  await page.getByRole("checkbox", { name: "Delete files and folders" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User created!")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/users\/\d+$/);

  await page.goto(`${server.url}/settings/users`);
  await expect(page.getByRole("table", { name: "Users" })).toContainText("limited");

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await userPage.goto(`${server.url}/login`);
  await userPage.getByRole("textbox", { name: "Username" }).fill("limited");
  await userPage.getByLabel("Password", { exact: true }).fill("limited-password-1");
  await userPage.getByRole("button", { name: "Login" }).click();
  await expect(userPage).toHaveURL(`${server.url}/files/`);
  await expect(item(userPage, "top.txt")).toBeVisible();
  await item(userPage, "top.txt").click();
  await expect(userPage.getByRole("button", { name: "Download" }).first()).toBeVisible();
  await expect(userPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(userPage.getByRole("button", { name: /^New folder$/i })).toHaveCount(0);
  await expect(userPage.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await expect(userPage.getByRole("link", { name: "Settings" })).toBeVisible();
  await other.close();
});

test("the new user form proposes a /users/<name> home, shows field errors inline, and creates that folder", async ({
  page,
  server,
}, testInfo) => {
  await openSettings(page, server, "/settings/users/new");
  const form = page.getByRole("form", { name: "New user" });
  const username = form.getByRole("textbox", { name: "Username" });
  const password = form.getByLabel("Password", { exact: true });
  const scope = form.getByRole("textbox", { name: "Scope" });
  await username.fill("admin");
  await expect(scope).toHaveValue("/users/admin");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Enter a password for the new user.");
  await password.fill("short");
  await expect(password).toHaveAccessibleDescription("Use at least 12 characters.");
  await password.fill("a-long-enough-password");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(username).toHaveAccessibleDescription("This user name is taken. Choose another one.");
  await username.fill("");
  await expect(username).toHaveAccessibleDescription("Enter a user name.");
  for (const [width, colorScheme] of [
    [1280, "light"],
    [375, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.emulateMedia({ colorScheme });
    await page.getByRole("heading", { name: "New user" }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `user-form-errors-${width}-${colorScheme}`);
  }
  await username.fill("carol");
  await expect(scope).toHaveValue("/users/carol");
  await expect(username).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User created!")).toBeVisible();
  expect(existsSync(join(server.root, "users", "carol"))).toBe(true);
});

test("at 375 px the users list fits: the scope shows under the name and every edit button is on screen", async ({
  page,
  server,
}, testInfo) => {
  await makeUser(server, await login(server), {
    username: "longscope",
    scope: "/projects/customer-archive/2026/quarterly-reports",
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await openSettings(page, server, "/settings/users");
  const edit = page.getByRole("link", { name: /longscope/ });
  await expect(edit).toBeVisible();
  // The edit button lies wholly inside the table's card, which nothing scrolls sideways.
  const box = (await edit.boundingBox())!;
  const card = (await page.locator(".table-scroll").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  expect(await page.locator(".table-scroll").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(
    page.locator(".users-scope-inline", { hasText: "/projects/customer-archive/2026/quarterly-reports" }),
  ).toBeVisible();
  await screenshot(page, testInfo, "users-375");
});

test("the admin checkbox turns every permission on and locks the other boxes", async ({ page, server }) => {
  await openSettings(page, server, "/settings/users/new");
  await page.getByRole("checkbox", { name: "Prevent the user from changing the password" }).check();
  await page.getByRole("checkbox", { name: "Administrator" }).check();
  for (const name of ["Create files and folders", "Delete files and folders", "Execute commands and tasks"]) {
    await expect(page.getByRole("checkbox", { name })).toBeChecked();
    await expect(page.getByRole("checkbox", { name })).toBeDisabled();
  }
  await expect(page.getByRole("checkbox", { name: "Prevent the user from changing the password" })).not.toBeChecked();
});

test("edits rules, saves and deletes a user after confirmation", async ({ page, server }) => {
  const adminToken = await login(server);
  const user = await makeUser(server, adminToken, { username: "ruled", login: false });
  await openSettings(page, server, `/settings/users/${user.id}`);
  await expect(page.getByRole("heading", { name: "User ruled" })).toBeVisible();
  await page.getByRole("button", { name: "Add rule" }).click();
  const path = page.getByRole("textbox", { name: "Path" });
  await path.fill("/shared");
  await path.press("Enter");
  await expect(page.getByText("User updated!")).toHaveCount(0);
  await page.getByRole("combobox", { name: "Allow or deny" }).selectOption("deny");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User updated!")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Path" })).toHaveValue("/shared");
  await expect(page.getByRole("combobox", { name: "Allow or deny" })).toHaveValue("deny");

  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete this user?");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("User deleted!")).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/settings/users`);
  await expect(page.getByRole("table", { name: "Users" })).not.toContainText("ruled");
});

test("a user that cannot be fetched sends the admin to the new user form", async ({ page, server }) => {
  await openSettings(page, server, "/settings/users/9999");
  await expect(page).toHaveURL(`${server.url}/settings/users/new`);
  await expect(page.getByRole("heading", { name: "New user" })).toBeVisible();
});

test("a non-admin at /settings/global gets the 403 page and no settings tabs", async ({ page, server }) => {
  const adminToken = await login(server);
  const user = await makeUser(server, adminToken, { perm: { create: true } });
  await page.addInitScript((t) => localStorage.setItem("jwt", t), user.token);
  await page.goto(`${server.url}/settings/global`);
  await expect(page).toHaveURL(`${server.url}/403`);
  await expect(page.getByText("You don't have permissions to access this.")).toBeVisible();
  await page.goto(`${server.url}/settings/profile`);
  await expect(page.getByRole("heading", { name: "Profile settings" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings sections" })).toHaveCount(0);
});

test("global settings save shows 'Settings updated!' and the value survives a reload", async ({ page, server }) => {
  await openSettings(page, server, "/settings/global");
  await expect(page).toHaveTitle("Global settings - File Browser Enhanced");
  const volume = page.getByRole("spinbutton", { name: "Default volume (%)" });
  await expect(volume).toHaveValue("60");
  await volume.fill("35");
  await page.getByRole("combobox", { name: "Transition effect" }).selectOption("lg-fade");
  await page.getByRole("textbox", { name: "Instance name" }).fill("Team Files");
  await saveGlobalSettings(page);
  await expect(page.getByRole("spinbutton", { name: "Default volume (%)" })).toHaveValue("35", { timeout: 10_000 });
  await page.reload();
  await expect(page.getByRole("spinbutton", { name: "Default volume (%)" })).toHaveValue("35");
  await expect(page.getByRole("combobox", { name: "Transition effect" })).toHaveValue("lg-fade");
  await expect(page).toHaveTitle("Global settings - Team Files");
});

test("an out-of-range value shows the server's message and is not saved", async ({ page, server }) => {
  await openSettings(page, server, "/settings/global");
  await page.getByRole("spinbutton", { name: "Long seek step (seconds)" }).fill("900");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/seekDeltaLong must be an integer from 1 to 600/)).toBeVisible();
});

test("the Background tasks fieldset saves how many tasks run at once and refuses more than 16", async ({
  page,
  server,
}, info) => {
  await openSettings(page, server, "/settings/global");
  const workers = page
    .getByRole("group", { name: "Background tasks" })
    .getByRole("spinbutton", { name: "Tasks run at once" });
  await expect(workers).toHaveValue("2");
  const centre = () => workers.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await centre();
  await screenshot(page, info, "global-settings-tasks-1280");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, info, "global-settings-tasks-1280-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 375, height: 740 });
  await centre();
  await screenshot(page, info, "global-settings-tasks-375");
  await workers.fill("17");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/taskWorkers must be an integer from 1 to 16/)).toBeVisible();
  await workers.fill("3");
  await saveGlobalSettings(page);
  const res = await fetch(`${server.url}/api/settings`, { headers: { "X-Auth": await login(server) } });
  expect(((await res.json()) as { taskWorkers: number }).taskWorkers).toBe(3);
});

test("the command runner saves trimmed lines with the page's one Save", async ({ page, server }) => {
  await openSettings(page, server, "/settings/global");
  await page.getByText("Command runner").click();
  await page.getByRole("textbox", { name: "before_save" }).fill("  echo saving  \n\n");
  await saveGlobalSettings(page);
  const res = await fetch(`${server.url}/api/settings`, { headers: { "X-Auth": await login(server) } });
  expect(((await res.json()) as { commands: Record<string, string[]> }).commands.before_save).toEqual(["echo saving"]);
});

test("the Global settings page has named sections with links to them, readable transition names and one Save for all of it", async ({
  page,
  server,
}, testInfo) => {
  await openSettings(page, server, "/settings/global");
  const form = page.getByRole("form", { name: "Global settings" });
  const sections = ["Accounts", "Login and security", "Search and tasks", "Storage", "Media", "Appearance", "Commands"];
  await expect(form.getByRole("navigation", { name: "Sections" }).getByRole("link")).toHaveText(sections);
  for (const name of sections) await expect(form.getByRole("region", { name })).toBeVisible();
  await expect(form.getByRole("button", { name: /^(Save|Update)$/ })).toHaveCount(1);
  const effect = form.getByRole("combobox", { name: "Transition effect" });
  const labels = await effect.locator("option").allTextContents();
  expect(labels).toHaveLength(31);
  expect(labels.filter((l) => l.startsWith("lg-"))).toEqual([]);
  expect(labels).toContain("Slide (skewed, crossed, reversed)");

  await form.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Media" }).click();
  await expect(form.getByRole("region", { name: "Media" })).toBeInViewport();
  await effect.selectOption({ label: "Rotate (reversed)" });
  await form.getByRole("region", { name: "Accounts" }).getByRole("textbox", { name: "Scope" }).fill("/team");
  await page.getByText("Command runner").click();
  await form.getByRole("textbox", { name: "after_upload" }).fill("echo uploaded");
  for (const [width, colorScheme] of [
    [1280, "light"],
    [1280, "dark"],
    [375, "light"],
    [375, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.emulateMedia({ colorScheme });
    await effect.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `global-sections-${width}-${colorScheme}`);
  }
  await saveGlobalSettings(page, form.getByRole("button", { name: "Save" }));
  const saved = await (
    await fetch(`${server.url}/api/settings`, { headers: { "X-Auth": await login(server) } })
  ).json();
  expect(saved.slideshow.transitionEffect).toBe("lg-rotate-rev");
  expect(saved.defaults.scope).toBe("/team");
  expect(saved.commands.after_upload).toEqual(["echo uploaded"]);
});

test("the failed logs page lists a failed attempt with nothing of the tried password, and removes it", async ({
  page,
  server,
}, testInfo) => {
  await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "intruder", password: "nope-nope" }),
  });
  await openSettings(page, server, "/settings/logs");
  await expect(page).toHaveTitle(/^Failed logs - /);
  const table = page.getByRole("table", { name: "Failed logs" });
  await expect(table).toContainText("intruder");
  await expect(table.getByRole("columnheader")).toHaveText(["IP", "Time", "Failed", "Banned", "User", "Op"]);
  await expect(table).not.toContainText(/n\*+e|nope/);
  for (const [width, colorScheme] of [
    [1280, "light"],
    [1280, "dark"],
    [375, "light"],
    [375, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.emulateMedia({ colorScheme });
    await screenshot(page, testInfo, `failed-logs-${width}-${colorScheme}`);
  }
  const ip = (await table.locator("tbody tr").first().locator("td").first().textContent())!.trim();
  await page.getByRole("button", { name: `Remove ${ip}` }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Are you sure you want to delete this failed log and unblock the blocked IP?",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`failed log for ${ip} has been removed`)).toBeVisible();
  await expect(page.getByText("No failed logins recorded.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("profile, users and global settings fit the screen", async ({ page, server }, info) => {
    await openSettings(page, server, "/settings/profile");
    for (const [path, heading] of [
      ["/settings/profile", "Profile settings"],
      ["/settings/users", "Users"],
      ["/settings/global", "Global settings"],
    ]) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, info, `${path.split("/").pop()}-375`, { fullPage: true });
    }
  });
});

test("the login form still works after the admin screens (sanity)", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await loginThroughForm(page, server);
  await expect(page).toHaveURL(`${server.url}/files/`);
});
