import { expect, test, openFolder, TOUCH_PHONE } from "./fixtures";

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("Help lists the touch gestures, with the keyboard shortcuts folded away below them", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/");
    await page.getByRole("button", { name: "Toggle menu" }).tap();
    await page.getByRole("button", { name: "Help" }).tap();
    const help = page.getByRole("dialog", { name: "Touch gestures" });
    await expect(help).toBeVisible();
    const row = (gesture: string) =>
      help.getByRole("row").filter({ has: page.getByRole("rowheader", { name: gesture, exact: true }) });
    await expect(row("Tap")).toContainText("Open a folder or preview a file");
    await expect(row("Long-press")).toContainText("Select the item and show its actions");
    await expect(row("Swipe left or right")).toContainText("Previous or next image");
    await expect(row("Pinch or double-tap")).toContainText("Zoom an image in or out");
    await expect(help.getByRole("rowheader", { name: "Ctrl+A" })).toBeHidden();
    await help.getByText("Keyboard shortcuts").tap();
    await expect(help.getByRole("rowheader", { name: "Ctrl+A" })).toBeVisible();
  });
});

test("Help with a mouse lists the keyboard shortcuts and no touch gestures", async ({ signedIn: page, server }) => {
  await openFolder(page, server, "/");
  await page.keyboard.press("F1");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("rowheader", { name: "Ctrl+A" })).toBeVisible();
  await expect(help.getByRole("rowheader", { name: "Long-press" })).toHaveCount(0);
});
