/**
 * Unarchive of a compressed tar through both of its layers in one task: the task panel shows one progress for both,
 * and the files of the tar appear. Screenshots of the running task at 1280 and 375 px, light and dark.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, screenshot, signIn, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "src/backup/notes.txt": "kept notes", "media/": "" });
      // Random bytes, so bzip2 takes a few seconds to undo them: long enough to see the task running.
      writeFileSync(join(server.root, "src/backup/photos.bin"), randomBytes(48 * 1024 * 1024));
      execFileSync("tar", [
        "-C",
        join(server.root, "src"),
        "-cjf",
        join(server.root, "media/backup.tar.bz2"),
        "backup",
      ]);
      execFileSync("rm", ["-rf", join(server.root, "src")]);
    },
  },
});

test(
  "a .tar.bz2 unarchives through both layers in one task with one progress, and its files appear",
  { tag: "@screens" },
  async ({ browser, server }, info) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server);
    await openFolder(page, server, "/media/");
    await item(page, "backup.tar.bz2").click({ button: "right" });
    await page.getByRole("menuitem", { name: "Unarchive" }).click();
    const dialog = page.getByRole("dialog", { name: "Unarchive" });
    await dialog.getByRole("checkbox", { name: /^Remove the archive after success/ }).check();
    await dialog.getByRole("button", { name: "Start" }).click();
    await page.getByRole("button", { name: /^Tasks, 1 unfinished/ }).click();
    const row = page
      .getByRole("complementary", { name: "Tasks" })
      .getByRole("listitem", { name: "Unarchive /media/backup.tar.bz2", exact: true });
    await expect(row.getByRole("progressbar", { name: "Progress" })).toBeVisible({ timeout: 30_000 });
    for (const [width, height, name] of [
      [1280, 800, "1280"],
      [375, 740, "375"],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        if (await row.getByRole("progressbar", { name: "Progress" }).isVisible())
          await screenshot(page, info, `unarchive-progress-${name}-${colorScheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
    await expect(row.getByRole("img", { name: "Done" })).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expect(item(page, "backup")).toBeVisible();
    await expect(item(page, "backup.tar.bz2")).toHaveCount(0);
    expect(existsSync(join(server.root, "media/backup/notes.txt"))).toBe(true);
    await context.close();
  },
);
