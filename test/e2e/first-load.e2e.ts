import type { TestServer } from "../support/server";
import type { Page } from "@playwright/test";
import { expect, test, item, openFolder, signIn, writeTree } from "./fixtures";

/** A light first load: all requests of a folder's first load, on the wire, stay under 200 KB. */
const FIRST_LOAD_BUDGET_BYTES = 200_000;

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "docs/": "", "docs/todo.txt": "# Todo\n", "a.txt": "a", "b.txt": "b" });
    },
  },
});

/** Records the finished requests of the page: their path and the bytes they took on the wire. */
function recordRequests(page: Page, server: TestServer): Array<{ path: string; bytes: Promise<number> }> {
  const seen: Array<{ path: string; bytes: Promise<number> }> = [];
  page.on("requestfinished", (req) => {
    const url = new URL(req.url());
    if (url.origin !== server.origin) return;
    seen.push({ path: url.pathname, bytes: req.sizes().then((s) => s.responseHeadersSize + s.responseBodySize) });
  });
  return seen;
}

const scripts = (seen: Array<{ path: string }>) =>
  seen
    .map((r) => r.path)
    .filter((p) => p.endsWith(".js"))
    .map((p) => p.split("/").pop()!);

test("a folder's first load stays under 200 KB on the wire and fetches no editor, settings or other-language code", async ({
  page,
  server,
}) => {
  const seen = recordRequests(page, server);
  await signIn(page, server);
  await openFolder(page, server, "/");
  await page.waitForLoadState("networkidle");
  const total = (await Promise.all(seen.map((r) => r.bytes))).reduce((a, b) => a + b, 0);
  expect(total).toBeLessThan(FIRST_LOAD_BUDGET_BYTES);
  const names = scripts(seen);
  expect(names.filter((n) => /^(en|ja|ko|ru|zh-cn|zh-tw)-/.test(n))).toEqual([expect.stringMatching(/^en-/)]);
  expect(names.filter((n) => /^(Editor|.*Page|.*Prompt)-/.test(n))).toEqual([]);
});

test("the editor's code arrives when a file opens in the editor, not before", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/docs/");
  const seen = recordRequests(page, server);
  await item(page, "todo.txt").dblclick();
  await expect(
    page.getByRole("region", { name: "Editor" }).getByRole("textbox", { name: "Content of todo.txt" }),
  ).toContainText("# Todo");
  expect(scripts(seen)).toContainEqual(expect.stringMatching(/^Editor-/));
});

test.describe("with a Chinese browser", () => {
  test.use({ locale: "zh-CN" });

  test("loads only the Chinese messages", async ({ page, server }) => {
    const seen = recordRequests(page, server);
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const locales = scripts(seen).filter((n) => /^(en|ja|ko|ru|zh-cn|zh-tw)-/.test(n));
    expect(locales).toEqual([expect.stringMatching(/^zh-cn-/)]);
  });
});
