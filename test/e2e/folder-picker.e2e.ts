import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, writeTree, TOUCH_PHONE } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "src/a.txt": "a", "dest/inner/": "" });
    },
  },
});

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("in the move picker a tap opens a folder, Choose picks one, and New folder makes one there", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/src/");
    await item(page, "a.txt").click();
    await page.getByRole("button", { name: "Move", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Move" });
    const folders = dialog.getByRole("listbox", { name: "Folders" });
    await folders.getByRole("option", { name: ".." }).tap();
    await expect(folders.getByRole("option")).toHaveText(["dest", "src"].map((n) => new RegExp(`^${n}`)));
    // One tap opens the folder.
    await folders.getByRole("option", { name: "dest" }).tap();
    await expect(dialog.getByText("Destination: /dest/")).toBeVisible();
    await expect(folders.getByRole("option")).toHaveText(["..", /^inner/]);
    // New folder makes a folder where the picker is, and picks it.
    await dialog.getByRole("button", { name: "New folder" }).tap();
    await dialog.getByRole("textbox", { name: "Folder name" }).fill("made here");
    await dialog.getByRole("button", { name: "Create" }).tap();
    await expect(folders.getByRole("option", { name: "made here" })).toHaveAttribute("aria-selected", "true");
    expect(statSync(join(server.root, "dest", "made here")).isDirectory()).toBe(true);
    // Choose picks a folder without opening it.
    await folders.getByRole("button", { name: "Choose inner" }).tap();
    await expect(folders.getByRole("option", { name: "inner" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText("Destination: /dest/inner/")).toBeVisible();
    await dialog.getByRole("button", { name: "Move", exact: true }).tap();
    await expect(page).toHaveURL(`${server.url}/files/dest/inner/`);
    await expect.poll(() => existsSync(join(server.root, "dest", "inner", "a.txt"))).toBe(true);
    expect(readFileSync(join(server.root, "dest", "inner", "a.txt"), "utf8")).toBe("a");
  });
});
