import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, createUser, item, openFolder, signInAs, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "notes/": "",
        "notes/todo.md": "# Todo\n",
        "notes/keep.txt": "unchanged",
        "notes/esc.md": "esc\n",
        "notes/shared.txt": "v1",
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

test("saving over a file changed on disk since it was opened asks first, and saves only when confirmed", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/files/notes/shared.txt`);
  const editor = page.getByRole("region", { name: "Editor" });
  await editor.getByRole("textbox", { name: "Content of shared.txt" }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" mine");
  const file = join(server.root, "notes", "shared.txt");
  writeFileSync(file, "theirs");
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);

  await page.keyboard.press("ControlOrMeta+s");
  const ask = page.getByRole("dialog", { name: "File changed on disk" });
  await expect(ask).toContainText("This file changed on disk since you opened it. Overwrite?");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  expect(readFileSync(file, "utf8")).toBe("theirs");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toBeVisible();

  await editor.getByRole("button", { name: "Save" }).click();
  await ask.getByRole("button", { name: "Overwrite" }).click();
  await expect(page.getByText("File saved")).toBeVisible();
  expect(readFileSync(file, "utf8")).toBe("v1 mine");
  // The next save has the new modified time: no question.
  await editor.getByRole("textbox", { name: "Content of shared.txt" }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("!");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toBeVisible();
  await page.keyboard.press("ControlOrMeta+s");
  await expect(editor.getByRole("status", { name: "Unsaved changes" })).toHaveCount(0);
  await expect(ask).toHaveCount(0);
  await expect.poll(() => readFileSync(file, "utf8")).toBe("v1 mine!");
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
