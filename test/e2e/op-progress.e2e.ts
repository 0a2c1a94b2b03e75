import type { Page } from "@playwright/test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, item, openFolder, screenshot } from "./fixtures";
import { login } from "../support/server";

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

/**
 * Records, from now on, what the operation card shows, however briefly: the name of each visible progress bar
 * ("progressbar: Copying") and the text of each visible status ("status: Copying 3 % 800 of 24,013 items").
 * On a fast disk a copy of the folder can end before a look at the page would find the card.
 * @returns a function reading what was recorded so far.
 */
async function recordCards(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { cardsSeen: Set<string> }).cardsSeen = seen;
    const look = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[role="status"], [role="progressbar"]')) {
        if (!el.checkVisibility()) continue;
        const role = el.getAttribute("role");
        seen.add(`${role}: ${role === "progressbar" ? el.getAttribute("aria-label") : el.textContent}`);
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { cardsSeen: Set<string> }).cardsSeen]);
}

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
  const seen = await recordCards(page);
  await page.keyboard.press("ControlOrMeta+v");
  const copying = page.getByRole("progressbar", { name: "Copying" });
  await expect.poll(seen).toContain("progressbar: Copying");
  await expect.poll(async () => (await seen()).some((s) => /^status: Copying.* of 24,013 items/.test(s))).toBe(true);
  await screenshot(page, info, "copy-progress-1280");
  await expect(copying).toBeHidden({ timeout: 60_000 });
  await expect(item(page, "big")).toBeVisible();
  expect(readdirSync(join(server.root, "into", "big", "part-11")).length).toBe(FILES / 12);

  // With the trash on, a delete is one rename and shows nothing; the long delete is the one for good, when the admin
  // turned the trash off (docs/product.md "Trash").
  const token = await login(server);
  const off = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", "X-Auth": token },
    body: JSON.stringify({ skipTrash: true }),
  });
  expect(off.status).toBe(200);
  await page.setViewportSize({ width: 375, height: 740 });
  await item(page, "big").click();
  await page.keyboard.press("Delete");
  const seenDeleting = await recordCards(page);
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete" }).click();
  const deleting = page.getByRole("progressbar", { name: "Deleting" });
  await expect.poll(seenDeleting).toContain("progressbar: Deleting");
  await screenshot(page, info, "delete-progress-375").catch(() => {});
  await expect(deleting).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText("It feels lonely here...")).toBeVisible();
  expect(existsSync(join(server.root, "into", "big"))).toBe(false);
});
