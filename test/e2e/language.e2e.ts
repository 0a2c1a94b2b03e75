import { login } from "../support/server";
import { expect, test, NO_PERMS, openFolder, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "a.txt": "a" });
    },
  },
});

test.describe("with a Chinese browser", () => {
  test.use({ locale: "zh-TW" });

  test("shows Simplified Chinese for any zh browser language", async ({ page, server }) => {
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "用户名" })).toBeVisible();
  });
});

test.describe("with a Japanese browser", () => {
  test.use({ locale: "ja-JP" });

  test("shows English for other browser languages, and the language picked in the profile afterwards", async ({
    signedIn: page,
    server,
  }) => {
    await openFolder(page, server, "/");
    await expect(page.getByRole("link", { name: "My Files" })).toBeVisible();
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(`${server.url}/settings/profile`);
    await page.getByRole("combobox", { name: "Interface language" }).selectOption("ru");
    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("link", { name: "Мои файлы" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: "Мои файлы" })).toBeVisible();
    await expect(page).toHaveTitle("Настройки - File Browser Enhanced");
  });
});

test("a Japanese user logging in on a fresh browser gets Japanese right after the login, without a reload", async ({
  page,
  server,
}) => {
  const token = await login(server);
  const res = await fetch(`${server.url}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Auth": token },
    body: JSON.stringify({
      what: "user",
      which: [],
      data: { username: "hanako", password: "hanako-password-1", locale: "ja", perm: { ...NO_PERMS, create: true } },
    }),
  });
  expect(res.status).toBe(201);
  await page.goto(`${server.url}/login`);
  await page.getByRole("textbox", { name: "Username" }).fill("hanako");
  await page.getByLabel("Password", { exact: true }).fill("hanako-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${server.url}/files/`);
  await expect(page.getByRole("link", { name: "マイファイル" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
});
