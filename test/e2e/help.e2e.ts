import { expect, test } from "@playwright/test";
import { startServer, type TestServer } from "../support/server";
import { openFolder, signIn, TOUCH_PHONE } from "./fixtures";

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("Help lists the touch gestures, with the keyboard shortcuts folded away below them", async ({ page }) => {
    await signIn(page, server);
    await openFolder(page, server, "/");
    await page.getByRole("button", { name: "Toggle menu" }).tap();
    await page.getByRole("button", { name: "Help" }).tap();
    const help = page.getByRole("dialog", { name: "Touch gestures" });
    await expect(help).toBeVisible();
    const row = (gesture: string) => help.getByRole("row").filter({ has: page.getByRole("rowheader", { name: gesture, exact: true }) });
    await expect(row("Tap")).toContainText("Open a folder or preview a file");
    await expect(row("Long-press")).toContainText("Select the item and show its actions");
    await expect(row("Swipe left or right")).toContainText("Previous or next image");
    await expect(row("Pinch or double-tap")).toContainText("Zoom an image in or out");
    await expect(help.getByRole("rowheader", { name: "Ctrl+A" })).toBeHidden();
    await help.getByText("Keyboard shortcuts").tap();
    await expect(help.getByRole("rowheader", { name: "Ctrl+A" })).toBeVisible();
  });
});

test("Help with a mouse lists the keyboard shortcuts and no touch gestures", async ({ page }) => {
  await signIn(page, server);
  await openFolder(page, server, "/");
  await page.keyboard.press("F1");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("rowheader", { name: "Ctrl+A" })).toBeVisible();
  await expect(help.getByRole("rowheader", { name: "Long-press" })).toHaveCount(0);
});
