/** @module Steps the share-page browser tests share: links made through the API, and a visitor who never logged in. */
import { expect, type Browser, type Page } from "@playwright/test";
import { login, type TestServer } from "../support/server";

/**
 * Creates a link as the admin through POST /api/share{path}`query` (an expiring one, or a permalink with no
 * query), with the share options of `options` (a password, upload-only) when given. Returns its hash.
 */
export async function createLink(server: TestServer, path: string, query = "", options?: object): Promise<string> {
  const headers: Record<string, string> = { "X-Auth": await login(server) };
  if (options) headers["Content-Type"] = "application/json";
  const res = await fetch(`${server.url}/api/share${path}${query}`, {
    method: "POST",
    headers,
    body: options ? JSON.stringify(options) : undefined,
  });
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

/** A page in a fresh browser context: no token, nobody logged in. */
export async function visitorPage(browser: Browser, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ colorScheme, acceptDownloads: true });
  return context.newPage();
}

/** Opens /share/{path} (a hash, optionally followed by a sub-path) and waits for the start-up overlay to go. */
export async function openShare(page: Page, server: TestServer, path: string): Promise<void> {
  await page.goto(`${server.url}/share/${path}`);
  await expect(page.locator("#loading")).toHaveCount(0);
}

/**
 * Runs `shoot` for a visitor in light and dark at desktop (1280 x 800) and phone (375 x 740) widths, with a tag
 * like "375-dark" for screenshot names; each scheme gets its own fresh context.
 */
export async function inEveryLook(browser: Browser, shoot: (page: Page, tag: string) => Promise<void>): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    const page = await visitorPage(browser, scheme);
    for (const [width, height] of [
      [1280, 800],
      [375, 740],
    ]) {
      await page.setViewportSize({ width, height });
      await shoot(page, `${width}-${scheme}`);
    }
    await page.context().close();
  }
}
