import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "work/taken/": "",
        "work/six.txt": "123456",
        "work/docs/a.txt": "12345",
        "work/docs/deeper/b.txt": "1234567890",
        "work/keep.txt": "keep",
      });
    },
  },
});

test("New Folder with a taken name keeps the dialog open and says so; a new name then creates it", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/work/");
  await page.getByRole("button", { name: "New Folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  const field = dialog.getByRole("textbox", { name: "Folder name" });
  await field.fill("taken");
  await dialog.getByRole("button", { name: "Create" }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toHaveText("A file or folder with this name already exists.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("A file or folder with this name already exists.");
  await expect(page.getByText("409")).toHaveCount(0);
  await field.fill("fresh");
  await expect(alert).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${server.url}/files/work/fresh/`);
});

test("the delete dialog focuses Cancel, so Delete then Enter keeps the file", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/work/");
  await item(page, "keep.txt").click();
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog", { name: "Delete" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(item(page, "keep.txt")).toBeVisible();
  expect(existsSync(join(server.root, "work", "keep.txt"))).toBe(true);
});

test("File info shows one size with the exact bytes on hover, and copies a checksum", async ({
  signedIn: page,
  context,
  server,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openFolder(page, server, "/work/");
  await item(page, "six.txt").click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "File information" });
  const size = dialog.getByTitle("6 bytes");
  await expect(size).toHaveText(/^6 B/);
  await expect(dialog).not.toContainText("6 B (6 B)");
  await dialog.getByRole("button", { name: "Compute SHA256" }).click();
  const sum = "8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92";
  await expect(dialog.getByLabel("SHA256 checksum")).toHaveText(sum);
  await dialog.getByRole("button", { name: "Copy SHA256" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sum);
});

test("File info of a folder measures it on the server with a spinner, and closing cancels the measure", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/work/");
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/resources/work/docs/?usage=true", async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await item(page, "docs").click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "File information" });
  // The History section shows its own loading status beside the size's.
  await expect(dialog.getByRole("status").filter({ hasText: "Calculating…" })).toBeVisible();
  release();
  await expect(dialog.getByTitle("15 bytes")).toHaveText(/^15 B/);
  await expect(dialog).toContainText(/Files\s*2/);
  await expect(dialog).toContainText(/Folders\s*1/);
  await dialog.getByRole("button", { name: "OK" }).click();

  // Closing while the server still walks aborts the request.
  await page.unroute("**/api/resources/work/docs/?usage=true");
  await page.route("**/api/resources/work/docs/?usage=true", () => {});
  const failed = page.waitForEvent("requestfailed", (r) => r.url().includes("usage=true"));
  await page.getByRole("button", { name: "Info", exact: true }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Calculating…" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await failed;
});

test("Help groups the keys and lists each key combination once", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/work/");
  await page.keyboard.press("F1");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  for (const group of ["Navigation", "Selection", "Files", "Preview", "Editor"]) {
    await expect(help.getByRole("heading", { name: group })).toBeVisible();
  }
  const keys = await help.getByRole("rowheader").allTextContents();
  expect(keys.length).toBe(new Set(keys).size);
  const ctrlS = help.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Ctrl+S", exact: true }) });
  await expect(ctrlS).toHaveCount(1);
  await expect(ctrlS).toContainText("Download");
  await expect(ctrlS).toContainText("Save the file (editor)");
});
