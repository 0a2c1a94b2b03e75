import * as OTPAuth from "otpauth";
import { login } from "../support/server";
import { makeUser } from "../support/factories";
import { expect, test, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "a.txt": "a" });
    },
  },
});

function passcode(key: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate();
}

test("switching the language to Japanese changes the interface", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/settings/profile`);
  await page.getByRole("combobox", { name: "Interface language" }).selectOption("ja");
  await page.getByRole("button", { name: "Update" }).first().click();
  await expect(page.getByRole("link", { name: "マイファイル" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "プロフィール設定" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "マイファイル" })).toBeVisible();
});

test("changes the password only when both fields match, proven by the current one", async ({ page, server }) => {
  const user = await makeUser(server, await login(server), { perm: { create: true } });
  await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), user.token);
  await page.goto(`${server.url}/settings/profile`);
  await page.getByRole("textbox", { name: "Your current password", exact: true }).fill(user.password);
  const fresh = page.getByRole("textbox", { name: "Your new password", exact: true });
  const confirm = page.getByRole("textbox", { name: "Confirm your new password", exact: true });
  await fresh.fill("brand-new-password-1");
  await confirm.fill("brand-new-password-2");
  await expect(fresh).toHaveAttribute("data-match", "mismatch");
  await page.getByRole("form", { name: "Change password" }).getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Password updated!")).toHaveCount(0);
  await confirm.fill("brand-new-password-1");
  await expect(confirm).toHaveAttribute("data-match", "match");
  await page.getByRole("form", { name: "Change password" }).getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Password updated!")).toBeVisible();
  expect((await login(server, user.username, "brand-new-password-1")).split(".")).toHaveLength(3);
});

test("hides the password card when the password is locked", async ({ page, server }) => {
  const user = await makeUser(server, await login(server), { lockPassword: true });
  await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), user.token);
  await page.goto(`${server.url}/settings/profile`);
  await expect(page.getByRole("form", { name: "Two-factor authentication" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Change password" })).toHaveCount(0);
});

test("enrols 2FA through the profile, then logging in asks for the passcode; revoking turns it off", async ({
  page,
  server,
}) => {
  const user = await makeUser(server, await login(server), { perm: { create: true } });
  await page.goto(`${server.url}/login`);
  await page.getByRole("textbox", { name: "Username" }).fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${server.url}/files/`);
  await page.goto(`${server.url}/settings/profile`);
  await expect(page.getByRole("img", { name: "QR code of your 2FA key" })).toBeVisible();
  const keyText = page.getByTestId("otp-key");
  await expect(keyText).toHaveText(/^[A-Z2-7]{16,}$/);
  const key = (await keyText.textContent())!.trim();
  await page.getByRole("textbox", { name: "Passcode" }).fill(passcode(key));
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByText("OTP setup successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
  await page.getByRole("textbox", { name: "Username" }).fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toContainText(/OTP passcode required/i);
  await page.getByRole("textbox", { name: "2FA passcode" }).fill(passcode(key));
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${server.url}/files/`);

  await page.goto(`${server.url}/settings/profile`);
  await page.getByRole("textbox", { name: "Passcode" }).fill(passcode(key));
  await page.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("OTP revoke successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Validate" })).toBeVisible();
});

test("regenerating the key asks first and shows a new key", async ({ page, server }) => {
  const user = await makeUser(server, await login(server));
  await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), user.token);
  await page.goto(`${server.url}/settings/profile`);
  const keyText = page.getByTestId("otp-key");
  await expect(keyText).toHaveText(/^[A-Z2-7]{16,}$/);
  const before = (await keyText.textContent())!.trim();
  await page.getByRole("button", { name: "Regenerate Key" }).click();
  await expect(page.getByRole("dialog")).toContainText("regenerate the 2FA secret?");
  await page.getByRole("dialog").getByRole("button", { name: "Regenerate Key" }).click();
  await expect(keyText).not.toHaveText(before);
  await expect(keyText).toHaveText(/^[A-Z2-7]{16,}$/);
});
