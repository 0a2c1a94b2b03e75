import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type TestServer } from "../support/server";
import { createUser, item, openFolder, signIn, signInAs, writeTree } from "./fixtures";

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer();
  writeTree(server.root, { "notes/": "", "notes/todo.md": "# Todo\n", "notes/keep.txt": "unchanged" });
});

test.afterAll(async () => {
  await server?.stop();
});

test("creates a new file, opens it in the editor, and Ctrl+S saves what was typed", async ({ page }) => {
  await signIn(page, server);
  await openFolder(page, server, "/notes/");
  await page.getByRole("button", { name: "New File" }).click();
  const dialog = page.getByRole("dialog", { name: "New file" });
  await dialog.getByRole("textbox", { name: "File name" }).fill(" hello.js ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/hello.js`);
  const editor = page.getByRole("region", { name: "Editor" });
  const text = editor.getByRole("textbox", { name: "Content of hello.js" });
  await text.click();
  await page.keyboard.type("const answer = 42;");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toBeVisible();
  // JavaScript mode is loaded for .js: keywords get their own token.
  await expect(editor.locator(".cm-line span").first()).toHaveText("const");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText("File saved")).toBeVisible();
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toHaveCount(0);
  expect(readFileSync(join(server.root, "notes", "hello.js"), "utf8")).toBe("const answer = 42;");
});

test("asks before leaving with unsaved changes, and warns before unloading", async ({ page }) => {
  await signIn(page, server);
  await page.goto(`${server.url}/files/notes/todo.md`);
  const editor = page.getByRole("region", { name: "Editor" });
  await editor.getByRole("textbox", { name: "Content of todo.md" }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("- buy milk");
  const prevented = await page.evaluate(() => {
    const e = document.createEvent("BeforeUnloadEvent");
    e.initEvent("beforeunload", false, true);
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
  expect(prevented).toBe(true);
  await editor.getByRole("button", { name: "Close" }).click();
  const ask = page.getByRole("dialog", { name: "Unsaved changes" });
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/todo.md`);
  await editor.getByRole("button", { name: "Close" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/`);
  expect(readFileSync(join(server.root, "notes", "todo.md"), "utf8")).toBe("# Todo\n");
});

test("a user without modify sees text read-only, not in the editor", async ({ page }) => {
  await createUser(server, "reader", "reader-password-1", { download: true });
  await signInAs(page, server, "reader", "reader-password-1");
  await openFolder(page, server, "/notes/");
  await item(page, "keep.txt").dblclick();
  await expect(page.getByLabel("Content of keep.txt")).toHaveText("unchanged");
  expect(await page.getByLabel("Content of keep.txt").evaluate((el) => el.tagName)).toBe("PRE");
  await expect(page.getByRole("region", { name: "Editor" })).toHaveCount(0);
});
