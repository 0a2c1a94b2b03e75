import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "work/": "",
        "trash/one.txt": "1",
        "trash/two.txt": "2",
        "trash/three.txt": "3",
        "trash/keep.txt": "k",
      });
    },
  },
});

test("creates a folder from the sidebar and opens it", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/work/");
  await page.getByRole("button", { name: "New Folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await dialog.getByRole("textbox", { name: "Folder name" }).fill("  Holiday #1  ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(`${server.url}/files/work/Holiday%20%231/`);
  await expect(page.getByText("It feels lonely here...")).toBeVisible();
  expect(statSync(join(server.root, "work", "Holiday #1")).isDirectory()).toBe(true);
});

test("Esc closes the new-folder dialog without creating anything", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/work/");
  await page.getByRole("button", { name: "New Folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await dialog.getByRole("textbox", { name: "Folder name" }).fill("never");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(existsSync(join(server.root, "work", "never"))).toBe(false);
});

test("deletes the selected file after confirmation", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/trash/");
  await item(page, "one.txt").click();
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete" });
  await expect(dialog).toContainText('"one.txt"');
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(existsSync(join(server.root, "trash", "one.txt"))).toBe(true);

  await page.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(item(page, "one.txt")).toBeHidden();
  await expect(item(page, "keep.txt")).toBeVisible();
  expect(existsSync(join(server.root, "trash", "one.txt"))).toBe(false);
});

test("the Delete key asks to delete the whole selection", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/trash/");
  await item(page, "two.txt").click();
  await item(page, "three.txt").click({ modifiers: ["ControlOrMeta"] });
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog", { name: "Delete" });
  await expect(dialog).toContainText("these 2 items");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(item(page, "two.txt")).toBeHidden();
  await expect(item(page, "three.txt")).toBeHidden();
  expect(existsSync(join(server.root, "trash", "two.txt"))).toBe(false);
  expect(existsSync(join(server.root, "trash", "three.txt"))).toBe(false);
  expect(existsSync(join(server.root, "trash", "keep.txt"))).toBe(true);
});
