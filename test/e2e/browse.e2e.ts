import { expect, test, item, openFolder, signIn, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "Photos/a.txt": "a",
        "Documents/report.txt": "report",
        "deep/one/two/three/four/leaf.txt": "leaf",
        "empty/": "",
        "big.bin": Buffer.alloc(3 * 1024 * 1024),
        "small.txt": "hello",
      });
    },
  },
});

test("browses into a folder by double-click and back with the breadcrumbs", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/");
  await expect(page.getByRole("group", { name: "Folders" })).toContainText("Photos");
  await expect(page.getByRole("group", { name: "Files" })).toContainText("small.txt");
  await item(page, "Documents").dblclick();
  await expect(page).toHaveURL(`${server.url}/files/Documents/`);
  await expect(item(page, "report.txt")).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs.getByRole("link", { name: "Documents" })).toHaveAttribute("aria-current", "page");
  await crumbs.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(`${server.url}/files/`);
  await expect(item(page, "Documents")).toBeVisible();
});

test("shows only the last three segments in the breadcrumbs, earlier ones in a '...' menu", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/deep/one/two/three/four/");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["", "", "two", "three", "four"]);
  await crumbs.getByRole("button", { name: "Parent folders" }).click();
  await expect(crumbs.getByRole("menu", { name: "Parent folders" }).getByRole("menuitem")).toHaveText(["deep", "one"]);
  await crumbs.getByRole("menuitem", { name: "one" }).click();
  await expect(page).toHaveURL(`${server.url}/files/deep/one/`);
});

test("shows human sizes, relative dates and the empty-state message", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/");
  await expect(item(page, "big.bin")).toContainText("3 MiB");
  await expect(item(page, "small.txt")).toContainText("5 B");
  await expect(item(page, "small.txt")).toContainText(/ago|now/);
  await openFolder(page, server, "/empty/");
  await expect(page.getByText("It feels lonely here...")).toBeVisible();
});

test("click selects one item, ctrl-click adds, Esc clears", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/");
  await item(page, "small.txt").click();
  await expect(item(page, "small.txt")).toHaveAttribute("aria-selected", "true");
  await item(page, "big.bin").click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 selected")).toBeVisible();
  await item(page, "Photos").click();
  await expect(page.getByRole("option", { selected: true })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option", { selected: true })).toHaveCount(0);
});

test("Enter opens the selected folder", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/");
  await item(page, "Photos").click();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${server.url}/files/Photos/`);
  await expect(item(page, "a.txt")).toBeVisible();
});

test("shows the not-found page for a missing path", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/nope/`);
  await expect(page.getByText("The resource cannot be found.")).toBeVisible();
  await page.goto(`${server.url}/404`);
  await expect(page.getByText("The resource cannot be found.")).toBeVisible();
  await page.goto(`${server.url}/403`);
  await expect(page.getByText("You don't have permissions to access this.")).toBeVisible();
  await page.goto(`${server.url}/500`);
  await expect(page.getByText("Something went wrong.")).toBeVisible();
});

test("sends any other path to /files plus that path", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/Photos/`);
  await expect(page).toHaveURL(`${server.url}/files/Photos/`);
  await expect(item(page, "a.txt")).toBeVisible();
  await page.goto(`${server.url}/files`);
  await expect(page).toHaveURL(`${server.url}/files/`);
  await page.goto(`${server.url}/settings`);
  await expect(page).toHaveURL(`${server.url}/settings/profile`);
  await expect(page.getByRole("combobox", { name: "Interface language" })).toBeVisible();
});

test(
  "takes screenshots of the listing at desktop and phone widths",
  { tag: "@screens" },
  async ({ signedIn: page, server }, testInfo) => {
    for (const [width, height] of [
      [1280, 800],
      [375, 740],
    ]) {
      await page.setViewportSize({ width, height });
      await openFolder(page, server, "/");
      await expect(item(page, "small.txt")).toBeVisible();
      const path = testInfo.outputPath(`listing-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`listing-${width}`, { path, contentType: "image/png" });
    }
    // At phone width the actions sit in a bottom bar and the sidebar is a closed drawer.
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "My Files" })).toBeHidden();
    await page.getByRole("button", { name: "Toggle menu" }).click();
    await expect(page.getByRole("link", { name: "My Files" })).toBeVisible();
  },
);

test.describe("sorting", () => {
  // Sorting is saved to the user's profile, so these tests get a server of their own.
  test.use({
    serverOptions: {
      prepare: (server) => {
        writeTree(server.root, { "big.bin": Buffer.alloc(3 * 1024 * 1024), "small.txt": "hello" });
      },
    },
  });

  test("sorts by a column and flips the order on the second click", async ({ signedIn: page, server }) => {
    await openFolder(page, server, "/");
    const files = page.getByRole("group", { name: "Files" }).getByRole("option");
    await expect(files).toHaveText([/big\.bin/, /small\.txt/]);
    await page.getByRole("button", { name: "Size" }).click();
    await expect(files).toHaveText([/small\.txt/, /big\.bin/]);
    await page.getByRole("button", { name: "Size" }).click();
    await expect(files).toHaveText([/big\.bin/, /small\.txt/]);
  });

  test("keeps the chosen order in the user's profile across sessions", async ({ signedIn: page, browser, server }) => {
    await openFolder(page, server, "/");
    const size = page.getByRole("button", { name: "Size" });
    const files = page.getByRole("group", { name: "Files" }).getByRole("option");
    // Smallest first is an order that differs from the default by name.
    await size.click();
    if ((await files.first().innerText()).includes("big.bin")) await size.click();
    await expect(files).toHaveText([/small\.txt/, /big\.bin/]);
    const other = await browser.newPage();
    await signIn(other, server);
    await expect
      .poll(async () => {
        await openFolder(other, server, "/");
        return other.getByRole("group", { name: "Files" }).getByRole("option").allInnerTexts();
      })
      .toEqual([expect.stringContaining("small.txt"), expect.stringContaining("big.bin")]);
    await expect(other.getByRole("button", { name: "Size" })).toHaveAttribute("aria-pressed", "true");
    await other.close();
  });
});
