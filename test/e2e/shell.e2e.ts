import type { Browser, Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { call, makeUser, putSettings } from "../support/factories";
import { expect, test, openFolder, saveGlobalSettings, screenshot, signIn, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: async (server) => {
      writeTree(server.root, { "work/notes.txt": "a note\n", "work/photos/": "" });
      const admin = await login(server);
      // Commands live in the token's user: set them before the browser logs in.
      const res = await call(server, admin, "PUT", "/users/1", {
        what: "user",
        which: ["commands"],
        data: { id: 1, commands: ["echo", "ls", "sleep"] },
      });
      expect(res.status).toBe(200);
      await putSettings(server, admin, { shell: ["bash", "-c"] });
    },
  },
});

/** Opens the shell overlay from the header of folder `/work/`. */
async function openShell(page: Page, server: TestServer): Promise<void> {
  await signIn(page, server);
  await openFolder(page, server, "/work/");
  await page.getByRole("button", { name: "Shell" }).click();
  await expect(page.getByRole("dialog", { name: "Shell" })).toBeVisible();
}

/** A page of its own signed in with `token`, showing folder `/work/`. */
async function folderAs(
  browser: Browser,
  server: TestServer,
  token: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((t) => localStorage.setItem("jwt", t), token);
  await openFolder(page, server, "/work/");
  return { page, close: () => context.close() };
}

/** Types a line into the command input and presses Enter. */
async function run(page: Page, line: string): Promise<void> {
  const input = page.getByRole("textbox", { name: "Command" });
  await input.fill(line);
  // Run is disabled, and Enter does nothing, while the command before still runs: its output may show before its end.
  await expect(page.getByRole("button", { name: "Run", exact: true })).toBeEnabled();
  await input.press("Enter");
}

test("an admin with allowed commands runs echo in the shell overlay and sees its output", async ({
  page,
  server,
}, testInfo) => {
  await openShell(page, server);
  const log = page.getByRole("log", { name: "Command output" });
  await expect(page.getByText("Runs in /work/")).toBeVisible();
  await run(page, "echo hello");
  await expect(log.getByText("hello", { exact: true })).toBeVisible();
  await run(page, "ls");
  await expect(log.getByText("notes.txt", { exact: true })).toBeVisible();
  await run(page, "rm -rf photos");
  await expect(log.getByText("Command not allowed: rm")).toBeVisible();
  await run(page, "echo a; ls ..");
  await expect(log.getByText("Shell operators are not allowed: ;")).toBeVisible();
  // Up brings back the last line.
  await page.getByRole("textbox", { name: "Command" }).press("ArrowUp");
  await expect(page.getByRole("textbox", { name: "Command" })).toHaveValue("echo a; ls ..");
  await page.getByRole("textbox", { name: "Command" }).fill("");
  await screenshot(page, testInfo, "shell-1280");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Shell" })).toHaveCount(0);
});

test("Stop ends a long command and the shell takes the next one", async ({ page, server }) => {
  await openShell(page, server);
  await run(page, "sleep 30");
  await expect(page.getByText("Running…")).toBeVisible();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(page.getByRole("log", { name: "Command output" }).getByText("Stopped.")).toBeVisible();
  await run(page, "echo again");
  await expect(page.getByRole("log", { name: "Command output" }).getByText("again", { exact: true })).toBeVisible();
});

test("on a phone the shell overlay fits the screen, dark theme included", async ({ page, server }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await openShell(page, server);
  await run(page, "echo a line long enough to wrap on a narrow phone screen without leaving the panel");
  await expect(page.getByRole("log", { name: "Command output" }).getByText(/^a line long enough/)).toBeVisible();
  const box = await page.getByRole("dialog", { name: "Shell" }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await run(page, "ls missing");
  await expect(page.getByRole("log", { name: "Command output" }).getByText("Exit status 2")).toBeVisible();
  await screenshot(page, testInfo, "shell-375-dark");
});

test("a user without execute or without allowed commands sees no shell button", async ({ browser, server }) => {
  const admin = await login(server);
  const plain = await makeUser(server, admin, { perm: { create: true, download: true } });
  // Execute alone is not enough: with no allowed command the shell could run nothing.
  const noCommands = await makeUser(server, admin, { perm: { execute: true, download: true } });
  for (const token of [plain.token, noCommands.token]) {
    const { page, close } = await folderAs(browser, server, token);
    await expect(page.getByRole("button", { name: "Shell" })).toHaveCount(0);
    await close();
  }
});

for (const [width, height] of [
  [1280, 800],
  [375, 740],
]) {
  test(`the command runner shows a textarea per event at ${width} px`, async ({ page, server }, testInfo) => {
    await page.setViewportSize({ width, height });
    await signIn(page, server);
    await page.goto(`${server.url}/settings/global`);
    await expect(page.locator("#loading")).toHaveCount(0);
    await page.getByText("Command runner").click();
    const card = page.getByRole("group", { name: "Command runner" });
    await expect(card.getByRole("textbox")).toHaveCount(10);
    await expect(card.getByText(/FILE, SCOPE, TRIGGER, USERNAME and DESTINATION/)).toBeVisible();
    await page.getByText("Command runner").scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `commands-card-top-${width}`);
    await card.getByRole("textbox", { name: "before_delete" }).fill('  echo deleting "$FILE"  \n\n');
    await card.getByRole("textbox", { name: "before_delete" }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `commands-card-${width}`);
    await saveGlobalSettings(page);
    const res = await call(server, await login(server), "GET", "/settings");
    expect(((await res.json()) as { commands: Record<string, string[]> }).commands.before_delete).toEqual([
      'echo deleting "$FILE"',
    ]);
  });
}

test("the user form saves the allowed commands, and the user then gets the shell button", async ({
  page,
  browser,
  server,
}) => {
  const admin = await login(server);
  const user = await makeUser(server, admin, { perm: { execute: true, download: true } });
  await signIn(page, server);
  await page.goto(`${server.url}/settings/users/${user.id}`);
  await expect(page.locator("#loading")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Commands" }).fill("  ls   echo ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User updated!")).toBeVisible();
  const res = await call(server, admin, "GET", `/users/${user.id}`);
  expect(((await res.json()) as { commands: string[] }).commands).toEqual(["ls", "echo"]);

  const { page: userPage, close } = await folderAs(browser, server, await login(server, user.username, user.password));
  await userPage.getByRole("button", { name: "Shell" }).click();
  await run(userPage, "echo from a user");
  await expect(
    userPage.getByRole("log", { name: "Command output" }).getByText("from a user", { exact: true }),
  ).toBeVisible();
  await close();
});
