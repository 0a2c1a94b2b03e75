import { expect, test } from "@playwright/test";
import { startServer, type TestServer } from "../support/server";
import { dropFiles, item, loginThroughForm, writeTree } from "./fixtures";
import { readFileSync } from "node:fs";
import { join } from "node:path";

test.describe("under a base URL", () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startServer({ args: ["--baseurl", "/app"] });
    writeTree(server.root, { "inner/file.txt": "under a base" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("logs in, redirects, browses, previews and uploads with every URL under the base", async ({ page }) => {
    expect(server.url.endsWith("/app")).toBe(true);
    await page.goto(`${server.url}/files/inner/`);
    await expect(page).toHaveURL(`${server.url}/login?redirect=${encodeURIComponent("/files/inner/")}`);
    await loginThroughForm(page, server);
    await expect(page).toHaveURL(`${server.url}/files/inner/`);
    await item(page, "file.txt").dblclick();
    // The admin may modify it, so it opens in the editor, whose modes load as chunks under the base too.
    await expect(page.getByRole("textbox", { name: "Content of file.txt" })).toHaveText("under a base");
    await expect(page.locator(".cm-editor")).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(`${server.url}/files/inner/`);
    await dropFiles(page, [{ name: "up.txt", content: "up" }]);
    await expect(item(page, "up.txt")).toBeVisible();
    expect(readFileSync(join(server.root, "inner", "up.txt"), "utf8")).toBe("up");
  });
});

test.describe("in no-auth mode", () => {
  let server: TestServer;
  test.beforeAll(async () => {
    server = await startServer({ args: ["--noauth"] });
    writeTree(server.root, { "open.txt": "no login needed" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("shows the files without a login and hides Logout", async ({ page }) => {
    await page.goto(`${server.url}/files/`);
    await expect(item(page, "open.txt")).toBeVisible();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });
});
