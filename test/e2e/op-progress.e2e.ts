import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder } from "./fixtures";

// A copy or delete of a big folder shows how far it is, then the card goes away.
const FILES = 24_000;

test.use({
  serverOptions: {
    prepare: (server) => {
      const big = join(server.root, "big");
      for (let d = 0; d < 12; d++) {
        mkdirSync(join(big, `part-${d}`), { recursive: true });
        for (let i = 0; i < FILES / 12; i++) writeFileSync(join(big, `part-${d}`, `file-${i}.txt`), "0123456789");
      }
      mkdirSync(join(server.root, "into"));
    },
  },
});

test("copying and deleting a 24,000-file folder show the items done, then the card goes away", async ({
  signedIn: page,
  server,
}, info) => {
  test.setTimeout(90_000);
  await openFolder(page, server, "/");
  await item(page, "big").click();
  await page.keyboard.press("ControlOrMeta+c");
  await item(page, "into").dblclick();
  await expect(page).toHaveURL(`${server.url}/files/into/`);
  await page.keyboard.press("ControlOrMeta+v");
  const copying = page.getByRole("progressbar", { name: "Copying" });
  await expect(copying).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("status").filter({ hasText: /of 24,013 items/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath("copy-progress-1280.png") });
  await expect(copying).toBeHidden({ timeout: 60_000 });
  await expect(item(page, "big")).toBeVisible();
  expect(readdirSync(join(server.root, "into", "big", "part-11")).length).toBe(FILES / 12);

  await page.setViewportSize({ width: 375, height: 740 });
  await item(page, "big").click();
  await page.keyboard.press("Delete");
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete" }).click();
  const deleting = page.getByRole("progressbar", { name: "Deleting" });
  await expect(deleting).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: info.outputPath("delete-progress-375.png") }).catch(() => {});
  await expect(deleting).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText("It feels lonely here...")).toBeVisible();
  expect(existsSync(join(server.root, "into", "big"))).toBe(false);
});
