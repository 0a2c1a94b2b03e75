/**
 * The search panel (docs/product.md "Search panel"): Ctrl+F, a hit opened, 'No file found', the type-only refusal,
 * paging by 50, hot-keyword suggestions, Esc; the search stats dialog's chart and keyword removal; screenshots at 1280
 * and 375 px.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { login, type TestServer } from "../support/server";
import { expect, test, openFolder, PNG_RED, screenshot, signIn, writeTree } from "./fixtures";

let token = "";
const PAGING_FILES = 120;

test.use({
  serverOptions: {
    seed: (root) => {
      // The files exist before the server starts, so its first index walk finds them all (files written behind the
      // product's back are only picked up by the periodic refresh).
      const many: Record<string, string> = {};
      for (let i = 0; i < PAGING_FILES; i++) many[`many/item-${String(i).padStart(3, "0")}.log`] = "x";
      writeTree(root, {
        "docs/report-alpha.txt": "alpha report\n",
        "docs/notes.md": "# notes\n",
        "photos/beach.png": PNG_RED,
        "photos/beach trip/": "",
        ...many,
      });
    },
    prepare: async (server) => {
      token = await login(server);
      // Wait for the first index walk: the answers then come from the index.
      await expect
        .poll(
          async () =>
            (await fetch(`${server.url}/api/search/?query=`, { headers: { "X-Auth": token } })).headers.get(
              "x-search-index",
            ),
          { timeout: 20_000 },
        )
        .toBe("ready");
    },
  },
});

/** Calls the hot-search route as the admin (to seed or read keywords). */
async function hotSearch(server: TestServer, method: "GET" | "POST", query: string): Promise<Response> {
  return fetch(`${server.url}/api/hot-search?${query}`, { method, headers: { "X-Auth": token } });
}

/** Opens the panel with Ctrl+F on a folder and returns its search box. */
async function openPanel(page: Page, server: TestServer, folder = "/") {
  await openFolder(page, server, folder);
  await page.keyboard.press("Control+f");
  const box = page.getByRole("searchbox", { name: "Search query" });
  await expect(box).toBeFocused();
  return box;
}

/** A search hit link by file name. */
function hit(page: Page, name: string) {
  return page.getByRole("search", { name: "Search files" }).getByRole("link", { name: new RegExp(`^${name}\\b`) });
}

test("Ctrl+F opens the panel; a typed word finds a file under the folder and the hit opens it", async ({
  signedIn: page,
  server,
}) => {
  const box = await openPanel(page, server);
  await box.fill("alpha");
  await box.press("Enter");
  const link = hit(page, "report-alpha.txt");
  await expect(link).toBeVisible();
  await expect(link).toContainText("docs/");
  // Arrow down from the input reaches the hit; Enter opens it.
  await box.press("ArrowDown");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/files\/docs\/report-alpha\.txt$/);
  await expect(page.getByRole("search", { name: "Search files" })).toHaveCount(0);
});

test("a word nothing matches says 'No file found'; a type-only query shows the server's refusal; Esc closes", async ({
  signedIn: page,
  server,
}) => {
  const box = await openPanel(page, server);
  await box.fill("zzz-nothing-like-this");
  await box.press("Enter");
  await expect(page.getByText("No file found")).toBeVisible();
  await box.fill("");
  await page.getByRole("button", { name: "Video", exact: true }).click();
  await expect(box).toHaveValue("type:video");
  await expect(page.getByRole("button", { name: "Video", exact: true })).toHaveAttribute("aria-pressed", "true");
  await box.press("Enter");
  await expect(page.getByRole("search", { name: "Search files" }).getByRole("alert")).toHaveText(
    /Empty keyword is not allowed!/,
  );
  await box.press("Escape");
  await expect(page.getByRole("search", { name: "Search files" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
});

test("a type chip narrows the hits to folders", async ({ signedIn: page, server }) => {
  const box = await openPanel(page, server);
  await box.fill("beach");
  await box.press("Enter");
  await expect(hit(page, "beach.png")).toBeVisible();
  await page.getByRole("button", { name: "Folder", exact: true }).click();
  await expect(box).toHaveValue("beach type:dir");
  await expect(hit(page, "beach trip")).toBeVisible();
  await expect(hit(page, "beach.png")).toHaveCount(0);
});

test("typing searches without Enter, a type chip filters at once, and image hits show their thumbnail", async ({
  signedIn: page,
  server,
}) => {
  const box = await openPanel(page, server);
  await box.pressSequentially("beac", { delay: 40 });
  const photo = hit(page, "beach.png");
  await expect(photo).toBeVisible();
  const thumb = photo.locator("img.search-hit-thumb");
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // A half-typed word is no keyword anybody searched for: a search started by typing records nothing.
  const keywords = (await (await hotSearch(server, "GET", "num=100")).json()) as { keyword: string }[];
  expect(keywords.map((k) => k.keyword)).not.toContain("beac");
  await page.getByRole("button", { name: "Folder", exact: true }).click();
  await expect(hit(page, "beach trip")).toBeVisible();
  await expect(photo).toHaveCount(0);
  await page.getByRole("button", { name: "Folder", exact: true }).click();
  await expect(box).toHaveValue("beac");
  await expect(photo).toBeVisible();
});

test("hits show 50 at a time and 50 more when scrolled to the bottom", async ({ signedIn: page, server }) => {
  const box = await openPanel(page, server);
  await box.fill("item-");
  await box.press("Enter");
  const links = page.locator(".search-hit");
  await expect(page.getByRole("search", { name: "Search files" }).getByRole("status")).toHaveText(
    `Results: ${PAGING_FILES}`,
  );
  await expect(links).toHaveCount(50);
  await page.locator(".search-results").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(links).toHaveCount(100);
  await page.locator(".search-results").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(links).toHaveCount(PAGING_FILES);
});

test("a hot keyword is suggested in the empty box; picking it searches for it", async ({ page, server }) => {
  expect((await hotSearch(server, "POST", "keyword=beach")).ok).toBe(true);
  await signIn(page, server);
  await openPanel(page, server);
  const suggestion = page
    .getByRole("list", { name: "Hot keywords" })
    .getByRole("button", { name: "beach", exact: true });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page.getByRole("searchbox", { name: "Search query" })).toHaveValue("beach");
  await expect(hit(page, "beach.png")).toBeVisible();
});

test("the search stats chart renders and a keyword can be removed", async ({ page, server }) => {
  for (const kw of ["alpha", "notes", "gamma", "delta"])
    expect((await hotSearch(server, "POST", `keyword=${kw}`)).ok).toBe(true);
  await signIn(page, server);
  await openFolder(page, server, "/");
  await page.getByRole("button", { name: "Search Stats" }).click();
  const dialog = page.getByRole("dialog", { name: "Search stats" });
  await expect(dialog).toBeVisible();
  const chart = dialog.getByRole("img", { name: "Searches per keyword" });
  await expect(chart).toBeVisible();
  // Chart.js sizes the canvas to its 500 px box once it has measured it.
  await expect.poll(async () => Math.round((await chart.boundingBox())?.height ?? 0)).toBe(500);
  expect((await chart.boundingBox())!.width).toBeGreaterThan(100);
  // The drawn canvas has pixels that are not blank.
  const painted = await chart.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    return data.some((v, i) => i % 4 === 3 && v > 0);
  });
  expect(painted).toBe(true);
  await dialog.getByRole("radio", { name: "Bar" }).check();
  await expect(chart).toBeVisible();
  const list = dialog.getByRole("list", { name: "Hot keywords" });
  await expect(list.getByText("gamma", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Remove gamma" }).click();
  await expect(list.getByText("gamma", { exact: true })).toHaveCount(0);
  const left = (await (await hotSearch(server, "GET", "num=10")).json()) as { keyword: string }[];
  expect(left.map((k) => k.keyword)).not.toContain("gamma");
  // The slider bounds the count: 3 keywords at its minimum.
  const slider = dialog.getByRole("slider");
  await expect(slider).toHaveAttribute("min", "3");
  await expect(slider).toHaveAttribute("max", "10");
  await slider.fill("3");
  await expect(list.getByRole("listitem")).toHaveCount(3);
});

/** A signed-in page of its own context. */
async function newPage(
  browser: Browser,
  server: TestServer,
  width: number,
  height: number,
  colorScheme: "light" | "dark" = "light",
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  await signIn(page, server);
  return page;
}

for (const [width, height, scheme] of [
  [1280, 800, "light"],
  [375, 740, "light"],
  [1280, 800, "dark"],
] as const) {
  test(
    `screenshots of the panel and the stats dialog at ${width} px (${scheme})`,
    { tag: "@screens" },
    async ({ browser, server }, testInfo: TestInfo) => {
      await hotSearch(server, "POST", "keyword=beach");
      await hotSearch(server, "POST", "keyword=report");
      const page = await newPage(browser, server, width, height, scheme);
      const box = await openPanel(page, server);
      await expect(page.getByRole("list", { name: "Hot keywords" })).toBeVisible();
      await screenshot(page, testInfo, `search-idle-${width}-${scheme}`);
      await box.fill("item");
      await box.press("Enter");
      await expect(page.locator(".search-hit").first()).toBeVisible();
      await screenshot(page, testInfo, `search-results-${width}-${scheme}`);
      await box.fill("nothing-at-all");
      await box.press("Enter");
      await expect(page.getByText("No file found")).toBeVisible();
      await screenshot(page, testInfo, `search-empty-${width}-${scheme}`);
      await box.press("Escape");
      if (width < 737) await page.getByRole("button", { name: "Toggle menu" }).click();
      await page.getByRole("button", { name: "Search Stats" }).click();
      await expect(page.getByRole("dialog", { name: "Search stats" }).getByRole("img")).toBeVisible();
      await screenshot(page, testInfo, `search-stats-${width}-${scheme}`);
      await page.context().close();
    },
  );
}
