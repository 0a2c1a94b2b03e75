import { expect, test, dropFiles, item, loginThroughForm, writeTree } from "./fixtures";
import { readFileSync } from "node:fs";
import { join } from "node:path";

test.describe("under a base URL", () => {
  test.use({
    serverOptions: {
      args: ["--baseurl", "/app"],
      prepare: (server) => {
        writeTree(server.root, { "inner/file.txt": "under a base" });
      },
    },
  });

  test("logs in, redirects, browses, previews and uploads with every URL under the base", async ({ page, server }) => {
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
  test.use({
    serverOptions: {
      args: ["--noauth"],
      prepare: (server) => {
        writeTree(server.root, { "open.txt": "no login needed" });
      },
    },
  });

  test("shows the files without a login and hides Logout", async ({ page, server }) => {
    await page.goto(`${server.url}/files/`);
    await expect(item(page, "open.txt")).toBeVisible();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });
});
