import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, screenshot, writeTree } from "./fixtures";

const BODY = "checksum me\n".repeat(100);

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "ren/old name.txt": "keep me",
        "ren/taken.txt": "taken",
        "perm/script.sh": "#!/bin/sh\n",
        "perm/dir/inner.txt": "x",
        "sums/data.txt": BODY,
        "sums/sub/a.txt": "a",
        "sums/sub/b.txt": "b",
        "gone/bye.txt": "bye",
        "gone/stay.txt": "stay",
      });
    },
  },
});

test("F2 renames the selected item with a trimmed name", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/ren/");
  await item(page, "old name.txt").click();
  await page.keyboard.press("F2");
  const dialog = page.getByRole("dialog", { name: "Rename" });
  const field = dialog.getByRole("textbox");
  await expect(field).toHaveValue("old name.txt");
  await field.fill("  new name.txt ");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(item(page, "new name.txt")).toBeVisible();
  await expect(item(page, "old name.txt")).toBeHidden();
  expect(readFileSync(join(server.root, "ren", "new name.txt"), "utf8")).toBe("keep me");
  expect(existsSync(join(server.root, "ren", "old name.txt"))).toBe(false);
});

test("F2 does nothing with two items selected", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/ren/");
  await item(page, "taken.txt").click();
  await page
    .getByRole("option")
    .first()
    .click({ modifiers: ["ControlOrMeta"] });
  await page.keyboard.press("F2");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("renaming onto an existing name asks, and Keep both keeps both files", async ({ signedIn: page, server }) => {
  writeTree(server.root, { "ren/clash.txt": "clash" });
  await openFolder(page, server, "/ren/");
  await item(page, "clash.txt").click();
  await page.keyboard.press("F2");
  await page.getByRole("dialog", { name: "Rename" }).getByRole("textbox").fill("taken.txt");
  await page.keyboard.press("Enter");
  const conflict = page.getByRole("dialog", { name: "Name already exists" });
  await expect(conflict).toContainText("taken.txt");
  await conflict.getByRole("button", { name: "Keep both" }).click();
  await expect(conflict).toBeHidden();
  await expect.poll(() => existsSync(join(server.root, "ren", "clash.txt"))).toBe(false);
  expect(readFileSync(join(server.root, "ren", "taken.txt"), "utf8")).toBe("taken");
});

test("the chmod dialog changes the mode on disk, 777 by default and recursive for a folder", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/perm/");
  await item(page, "script.sh").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Chmod" }).click();
  const dialog = page.getByRole("dialog", { name: "Change permissions" });
  const mode = dialog.getByRole("textbox", { name: "Mode (octal)" });
  await expect(mode).toHaveValue("777");
  await mode.fill("7a5x5");
  await expect(mode).toHaveValue("755");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect.poll(() => statSync(join(server.root, "perm", "script.sh")).mode & 0o777).toBe(0o755);

  await item(page, "dir").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Chmod" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Apply to the folder's content too" })).toBeChecked();
  await mode.fill("700");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect.poll(() => statSync(join(server.root, "perm", "dir", "inner.txt")).mode & 0o777).toBe(0o700);
  // The folder's own mode may change after its contents' (the walk ends with it).
  await expect.poll(() => statSync(join(server.root, "perm", "dir")).mode & 0o777).toBe(0o700);
});

test("the info dialog shows the size and an on-demand checksum equal to node's", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/sums/");
  await item(page, "data.txt").click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "File information" });
  await expect(dialog).toContainText("data.txt");
  // One human size; the exact byte count is its title.
  await expect(dialog.getByTitle(`${BODY.length.toLocaleString("en")} bytes`)).toHaveText(/^1\.2 KiB/);
  for (const algo of ["md5", "sha256"] as const) {
    await dialog.getByRole("button", { name: `Compute ${algo.toUpperCase()}` }).click();
    const expected = createHash(algo).update(BODY).digest("hex");
    await expect(dialog.getByLabel(`${algo.toUpperCase()} checksum`)).toHaveText(expected);
  }
  await dialog.getByRole("button", { name: "OK" }).click();

  await item(page, "sub").click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  await expect(dialog).toContainText(/Files\s*2/);
  await expect(dialog).toContainText(/Folders\s*0/);
});

test("deletes through the context menu and reloads the listing", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/gone/");
  await item(page, "bye.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete" });
  await expect(dialog).toContainText('"bye.txt"');
  await dialog.getByRole("button", { name: "Delete" }).click();
  // The item went to the trash: the popup offers it back (docs/product.md "Trash").
  await expect(page.getByText("Deleted 1 item(s)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(item(page, "bye.txt")).toBeHidden();
  expect(existsSync(join(server.root, "gone", "bye.txt"))).toBe(false);
  expect(existsSync(join(server.root, "gone", "stay.txt"))).toBe(true);
});

test("F1 lists the shortcuts and the sidebar shows About with the version", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await openFolder(page, server, "/");
  await page.keyboard.press("F1");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  for (const text of ["F2", "Ctrl+C", "Ctrl+V", "Delete", "Rename", "Paste into this folder"])
    await expect(help).toContainText(text);
  await screenshot(page, testInfo, "help-1280");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "About" }).click();
  const about = page.getByRole("dialog", { name: "About" });
  await expect(about).toContainText("File Browser Enhanced");
  await expect(about).toContainText("Version");
  await expect(about).toContainText("Build date");
});
