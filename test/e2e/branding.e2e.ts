import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { login } from "../support/server";
import { putSettings } from "../support/factories";
import { expect, test, signIn } from "./fixtures";

test.use({
  serverOptions: {
    prepare: async (server) => {
      const brand = join(server.home, "brand");
      mkdirSync(join(brand, "img"), { recursive: true });
      writeFileSync(join(brand, "custom.css"), "body { outline: 3px solid rgb(255, 0, 128); }\n");
      writeFileSync(
        join(brand, "img", "logo.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#f08"/></svg>',
      );
      await putSettings(server, await login(server), {
        branding: { name: "Family Files", files: brand, description: "Photos of the family" },
      });
    },
  },
});

test("the branding folder's stylesheet, logo, name and description reach the pages", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await expect(page.getByText("Photos of the family")).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe("rgb(255, 0, 128)");
  await signIn(page, server);
  await page.goto(`${server.url}/files/`);
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  await expect(page.getByText("Family Files").first()).toBeVisible();
  await expect(page).toHaveTitle(/Family Files/);
  const logo = page.locator(".logo img").first();
  await expect(logo).toHaveAttribute("src", /\/branding\/img\/logo\.svg$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
