import { expect, test } from "./fixtures";

test.use({
  serverOptions: {
    args: ["--signup"],
  },
});

test("signs up through the toggle, checks the confirmation and lands in the files", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole("button", { name: "Don't have an account? Signup" }).click();
  await page.getByRole("textbox", { name: "Username" }).fill("newcomer");
  await page.getByLabel("Password", { exact: true }).fill("newcomer-password-1");
  await page.getByLabel("Password confirmation").fill("something-else-1");
  await page.getByRole("button", { name: "Signup" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords don't match");
  await page.getByLabel("Password confirmation").fill("newcomer-password-1");
  await page.getByRole("button", { name: "Signup" }).click();
  await expect(page).toHaveURL(`${server.url}/files/`);
});

test("a taken username shows 'Username already taken'", async ({ page, server }) => {
  await page.goto(`${server.url}/login?signup=1`);
  await page.getByRole("textbox", { name: "Username" }).fill(server.username);
  await page.getByLabel("Password", { exact: true }).fill("another-password-1");
  await page.getByLabel("Password confirmation").fill("another-password-1");
  await page.getByRole("button", { name: "Signup" }).click();
  await expect(page.getByRole("alert")).toHaveText("Username already taken");
});
