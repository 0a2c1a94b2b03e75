import type { TestServer } from "../support/server";
import type { Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, writeTree } from "./fixtures";

/** Goes to a top-level folder inside the app (a page load would empty the clipboard). */
async function goInApp(page: Page, server: TestServer, folder: string): Promise<void> {
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Home" }).click();
  await item(page, folder).dblclick();
  await expect(page).toHaveURL(`${server.url}/files/${folder}/`);
}

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "src/one.txt": "one",
        "src/two.txt": "two",
        "src/folder/deep.txt": "deep",
        "dst/": "",
        "dst/two.txt": "old two",
        "pick/a.txt": "a",
        "pick/target/inner/": "",
        "drag/m1.txt": "m1",
        "drag/m2.txt": "m2",
        "drag/bin/": "",
        "held-from/late.txt": "late",
        "held-into/": "",
      });
    },
  },
});

test("Ctrl+C, then Ctrl+V in another folder copies the selection there", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/src/");
  await item(page, "one.txt").click();
  await item(page, "folder").click({ modifiers: ["ControlOrMeta"] });
  await page.keyboard.press("ControlOrMeta+c");
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Home" }).click();
  await item(page, "dst").dblclick();
  await expect(page).toHaveURL(`${server.url}/files/dst/`);
  await page.keyboard.press("ControlOrMeta+v");
  await expect(item(page, "one.txt")).toBeVisible();
  await expect(item(page, "folder")).toBeVisible();
  expect(readFileSync(join(server.root, "dst", "one.txt"), "utf8")).toBe("one");
  expect(readFileSync(join(server.root, "dst", "folder", "deep.txt"), "utf8")).toBe("deep");
  expect(existsSync(join(server.root, "src", "one.txt"))).toBe(true);
});

test("Ctrl+V pressed while the opened folder still loads pastes into that folder, not the one still on screen", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/held-from/");
  await item(page, "late.txt").click();
  await page.keyboard.press("ControlOrMeta+c");
  // The next folder's listing is held back, as on a busy server: the previous folder stays on screen meanwhile.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/resources/held-into/", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Home" }).click();
  await item(page, "held-into").dblclick();
  await expect(page).toHaveURL(`${server.url}/files/held-into/`);
  await page.keyboard.press("ControlOrMeta+v");
  await page.waitForTimeout(300);
  expect(existsSync(join(server.root, "late.txt"))).toBe(false);
  release();
  await expect(item(page, "late.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "held-into", "late.txt"), "utf8")).toBe("late");
  expect(existsSync(join(server.root, "late.txt"))).toBe(false);
});

test("a paste onto an existing name asks, and Replace overwrites it", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/src/");
  await item(page, "two.txt").click();
  await page.keyboard.press("ControlOrMeta+c");
  await goInApp(page, server, "dst");
  await page.keyboard.press("ControlOrMeta+v");
  const conflict = page.getByRole("dialog", { name: "Name already exists" });
  await expect(conflict).toContainText("two.txt");
  await conflict.getByRole("button", { name: "Replace" }).click();
  await expect.poll(() => readFileSync(join(server.root, "dst", "two.txt"), "utf8")).toBe("two");
});

test("Ctrl+X, then Ctrl+V moves the selection", async ({ signedIn: page, server }) => {
  writeTree(server.root, { "src/cut-me.txt": "cut" });
  await openFolder(page, server, "/src/");
  await item(page, "cut-me.txt").click();
  await page.keyboard.press("ControlOrMeta+x");
  await goInApp(page, server, "dst");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(item(page, "cut-me.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "dst", "cut-me.txt"), "utf8")).toBe("cut");
  expect(existsSync(join(server.root, "src", "cut-me.txt"))).toBe(false);
});

test("moves with the folder picker: '..', double-click enters, the current folder disables Move, then goes there", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/pick/");
  await item(page, "a.txt").click();
  await page.getByRole("button", { name: "Move", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Move" });
  const folders = dialog.getByRole("listbox", { name: "Folders" });
  const move = dialog.getByRole("button", { name: "Move", exact: true });
  await expect(folders.getByRole("option")).toHaveText(["..", "target"]);
  // The destination is the current folder until another one is picked.
  await expect(move).toBeDisabled();
  await folders.getByRole("option", { name: "target" }).click();
  await expect(move).toBeEnabled();
  await folders.getByRole("option", { name: "target" }).click();
  await expect(move).toBeDisabled();
  await folders.getByRole("option", { name: "target" }).dblclick();
  await expect(folders.getByRole("option")).toHaveText(["..", "inner"]);
  await expect(move).toBeEnabled();
  await move.click();
  await expect(page).toHaveURL(`${server.url}/files/pick/target/`);
  await expect(item(page, "a.txt")).toBeVisible();
  expect(readFileSync(join(server.root, "pick", "target", "a.txt"), "utf8")).toBe("a");
  expect(existsSync(join(server.root, "pick", "a.txt"))).toBe(false);
});

test("the picker starts without '..' at the root and copies into a picked folder", async ({
  signedIn: page,
  server,
}) => {
  writeTree(server.root, { "top.txt": "top" });
  await openFolder(page, server, "/");
  await item(page, "top.txt").click();
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Copy" });
  const folders = dialog.getByRole("listbox", { name: "Folders" });
  await expect(folders.getByRole("option", { name: ".." })).toHaveCount(0);
  await folders.getByRole("option", { name: "dst" }).click();
  await dialog.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/files/dst/`);
  expect(readFileSync(join(server.root, "dst", "top.txt"), "utf8")).toBe("top");
  expect(existsSync(join(server.root, "top.txt"))).toBe(true);
});

test("dragging a selection onto a folder moves it there", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/drag/");
  await item(page, "m1.txt").click();
  await item(page, "m2.txt").click({ modifiers: ["ControlOrMeta"] });
  await item(page, "m2.txt").dragTo(item(page, "bin"));
  await expect(item(page, "m1.txt")).toBeHidden();
  await expect(item(page, "m2.txt")).toBeHidden();
  expect(readFileSync(join(server.root, "drag", "bin", "m1.txt"), "utf8")).toBe("m1");
  expect(readFileSync(join(server.root, "drag", "bin", "m2.txt"), "utf8")).toBe("m2");
});
