import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { login, type TestServer } from "../support/server";
import { expect, test, createUser, item, openFolder, settledScreenshot, signInAs, writeTree } from "./fixtures";

const SHARED = "first line\nsecond line\n";
const SHARED_ON_DISK = "first line\nsecond line, changed on disk\n";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "notes/": "",
        "notes/todo.md": "# Todo\n",
        "notes/keep.txt": "unchanged",
        "notes/esc.md": "esc\n",
        "notes/shared.txt": SHARED,
        "notes/reload.txt": "ours",
        "notes/back.txt": "back",
      });
    },
  },
});

test("creates a new file, opens it in the editor, and Ctrl+S saves what was typed", async ({
  signedIn: page,
  server,
}) => {
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

test("asks before leaving with unsaved changes, and warns before unloading", async ({ signedIn: page, server }) => {
  // A markdown file opens rendered; `?edit` (its Edit button) opens the editor.
  await page.goto(`${server.url}/files/notes/todo.md?edit`);
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
  await expect(page).toHaveURL(`${server.url}/files/notes/todo.md?edit`);
  await editor.getByRole("button", { name: "Close" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/`);
  expect(readFileSync(join(server.root, "notes", "todo.md"), "utf8")).toBe("# Todo\n");
});

test("a user without modify sees text read-only, not in the editor", async ({ page, server }) => {
  await createUser(server, "reader", "reader-password-1", { download: true });
  await signInAs(page, server, "reader", "reader-password-1");
  await openFolder(page, server, "/notes/");
  await item(page, "keep.txt").dblclick();
  await expect(page.getByLabel("Content of keep.txt")).toHaveText("unchanged");
  expect(await page.getByLabel("Content of keep.txt").evaluate((el) => el.tagName)).toBe("PRE");
  await expect(page.getByRole("region", { name: "Editor" })).toHaveCount(0);
});

test("Esc with unsaved changes asks first: Keep editing keeps the text, Discard closes without saving", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/files/notes/esc.md?edit`);
  const editor = page.getByRole("region", { name: "Editor" });
  // The bar names the file by its path; the whole path is also its title.
  await expect(editor.getByRole("heading", { level: 1 })).toHaveText("/notes/esc.md");
  await expect(editor.getByRole("heading", { level: 1 })).toHaveAttribute("title", "/notes/esc.md");
  const text = editor.getByRole("textbox", { name: "Content of esc.md" });
  await text.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("more");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(ask).toContainText("You have unsaved changes. Leave without saving?");
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(ask).toBeHidden();
  await expect(text).toHaveText("escmore");
  await expect(page).toHaveURL(`${server.url}/files/notes/esc.md?edit`);

  await text.click();
  await page.keyboard.press("Escape");
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/`);
  expect(readFileSync(join(server.root, "notes", "esc.md"), "utf8")).toBe("esc\n");
});

test("Esc without changes closes the editor at once", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/notes/keep.txt`);
  await page.getByRole("region", { name: "Editor" }).getByRole("textbox").click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${server.url}/files/notes/`);
});

/** Writes `content` over the file behind the editor's back, with a later modified time than the editor loaded. */
function changeOnDisk(file: string, content: string): void {
  writeFileSync(file, content);
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
}

/** The file's versions as GET /api/versions/{path} lists them, each with its content, newest first. */
async function versionsOf(server: TestServer, path: string): Promise<{ size: number; content: string }[]> {
  const headers = { "X-Auth": await login(server) };
  const res = await fetch(`${server.url}/api/versions${path}`, { headers });
  expect(res.status).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; size: number }[] };
  return Promise.all(
    items.map(async ({ id, size }) => {
      const bytes = await fetch(`${server.url}/api/version/${id}`, { headers });
      return { size, content: await bytes.text() };
    }),
  );
}

test("a save over a file changed on disk shows the difference: Cancel keeps the edits, Overwrite keeps the disk's content as a version", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await page.goto(`${server.url}/files/notes/shared.txt`);
  const editor = page.getByRole("region", { name: "Editor" });
  const text = editor.getByRole("textbox", { name: "Content of shared.txt" });
  await text.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("my line");
  const file = join(server.root, "notes", "shared.txt");
  changeOnDisk(file, SHARED_ON_DISK);

  await page.keyboard.press("ControlOrMeta+s");
  const ask = page.getByRole("dialog", { name: "Changed on disk since you opened it" });
  await expect(ask).toContainText("keeps the content on disk as a version");
  const diff = ask.getByRole("group", { name: "Line differences" });
  await expect(diff.locator("del")).toHaveText(["second line, changed on disk"]);
  await expect(diff.locator("ins")).toHaveText(["second line", "my line"]);
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await settledScreenshot(page, testInfo, "editor-conflict-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await settledScreenshot(page, testInfo, "editor-conflict-375");
  await page.setViewportSize({ width: 1280, height: 800 });

  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  expect(readFileSync(file, "utf8")).toBe(SHARED_ON_DISK);
  await expect(text).toContainText("my line");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toBeVisible();

  await editor.getByRole("button", { name: "Save" }).click();
  await ask.getByRole("button", { name: "Overwrite" }).click();
  await expect(page.getByText("File saved")).toBeVisible();
  expect(readFileSync(file, "utf8")).toBe(`${SHARED}my line`);
  const versions = await versionsOf(server, "/notes/shared.txt");
  expect(versions[0]).toEqual({ size: Buffer.byteLength(SHARED_ON_DISK), content: SHARED_ON_DISK });
  // The next save has the new modified time: no question.
  await text.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("!");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toHaveCount(0);
  await expect(ask).toHaveCount(0);
  await expect.poll(() => readFileSync(file, "utf8")).toBe(`${SHARED}my line!`);
});

test("Reload from disk drops the edits and shows the file as on disk", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/notes/reload.txt`);
  const editor = page.getByRole("region", { name: "Editor" });
  const text = editor.getByRole("textbox", { name: "Content of reload.txt" });
  await text.click();
  await page.keyboard.type("mine ");
  const file = join(server.root, "notes", "reload.txt");
  changeOnDisk(file, "theirs");
  await page.keyboard.press("ControlOrMeta+s");
  const ask = page.getByRole("dialog", { name: "Changed on disk since you opened it" });
  await ask.getByRole("button", { name: "Reload from disk" }).click();
  await expect(ask).toBeHidden();
  await expect(editor.getByRole("textbox", { name: "Content of reload.txt" })).toHaveText("theirs");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toHaveCount(0);
  expect(readFileSync(file, "utf8")).toBe("theirs");
  // The reloaded modified time is the next save's precondition: no question.
  await editor.getByRole("textbox", { name: "Content of reload.txt" }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("!");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText("File saved")).toBeVisible();
  expect(readFileSync(file, "utf8")).toBe("theirs!");
});

test("the browser's back button with unsaved changes asks first", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/notes/");
  await item(page, "back.txt").dblclick();
  const editor = page.getByRole("region", { name: "Editor" });
  await editor.getByRole("textbox", { name: "Content of back.txt" }).click();
  await page.keyboard.type("x");
  await page.goBack();
  const ask = page.getByRole("dialog", { name: "Unsaved changes" });
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/back.txt`);
  await expect(editor.getByRole("textbox", { name: "Content of back.txt" })).toHaveText("backx");
  await page.goBack();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(`${server.url}/files/notes/`);
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  expect(readFileSync(join(server.root, "notes", "back.txt"), "utf8")).toBe("back");
});
