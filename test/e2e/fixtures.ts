/** @module Shared steps of the browser tests: a server per test file, logging in, files on disk, dropping files. */
import { expect, type Page } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { login, type TestServer } from "../support/server";

/** A valid 2x2 PNG (red), small enough to inline; the server can thumbnail it. */
export const PNG_RED = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

/** Writes files (path -> content) under the server root, creating folders; a path ending in "/" is a folder. */
export function writeTree(root: string, tree: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(tree)) {
    const full = join(root, path);
    if (path.endsWith("/")) {
      mkdirSync(full, { recursive: true });
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** Logs in through the form on /login. */
export async function loginThroughForm(page: Page, server: TestServer): Promise<void> {
  await page.getByRole("textbox", { name: "Username" }).fill(server.username);
  await page.getByLabel("Password", { exact: true }).fill(server.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Starts the page with a session already in local storage (faster than the form for tests about other things). */
export async function signIn(page: Page, server: TestServer): Promise<void> {
  const token = await login(server);
  await page.addInitScript(
    ({ t, origin }) => {
      if (location.origin === origin && !localStorage.getItem("jwt")) localStorage.setItem("jwt", t);
    },
    { t: token, origin: server.origin },
  );
}

/** Opens a folder route and waits for its listing (or empty state) to show and the start-up overlay to go. */
export async function openFolder(page: Page, server: TestServer, path: string): Promise<void> {
  await page.goto(`${server.url}/files${path}`);
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  await expect(page.locator("#loading")).toHaveCount(0);
}

/** The listing row of an item. */
export function item(page: Page, name: string) {
  return page.getByRole("option", { name, exact: true });
}

/** Drops files created inside the page onto the listing, as a real drag from the desktop would. */
export async function dropFiles(page: Page, files: Array<{ name: string; content: string; type?: string }>): Promise<void> {
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.content], f.name, { type: f.type ?? "text/plain" }));
    const target = document.querySelector(".listing");
    if (!target) throw new Error("no listing to drop onto");
    for (const type of ["dragenter", "dragover", "drop"]) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    }
  }, files);
}
