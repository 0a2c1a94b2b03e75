import { expect, test, openFolder, writeTree, TOUCH_PHONE } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "Photographs from the holidays/Summer 2024 in the mountains/Day one at the lake/Evening by the water/sunset.txt":
          "s",
      });
    },
  },
});

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("deep breadcrumbs stay on one line, the hidden ancestors in a '...' menu that opens them", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(
      page,
      server,
      "/Photographs from the holidays/Summer 2024 in the mountains/Day one at the lake/Evening by the water/",
    );
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    // One line: the trail is no taller than one crumb and no wider than the screen.
    const box = (await crumbs.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(48);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expect(crumbs.getByRole("link", { name: "Evening by the water" })).toHaveAttribute("aria-current", "page");
    await crumbs.getByRole("button", { name: "Parent folders" }).tap();
    const menu = crumbs.getByRole("menu", { name: "Parent folders" });
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Photographs from the holidays",
      "Summer 2024 in the mountains",
      "Day one at the lake",
    ]);
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(375);
    await menu.getByRole("menuitem", { name: "Summer 2024 in the mountains" }).tap();
    await expect(page).toHaveURL(
      `${server.url}/files/Photographs%20from%20the%20holidays/Summer%202024%20in%20the%20mountains/`,
    );
    await expect(menu).toHaveCount(0);
  });
});
