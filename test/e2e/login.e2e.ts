import { expect, test, item, loginThroughForm, writeTree } from "./fixtures";

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "sub/inside.txt": "inside", "top.txt": "top" });
    },
  },
});

test("logs in through the form and lands on the listing", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole("heading", { name: "File Browser Enhanced" })).toBeVisible();
  await expect(page).toHaveTitle("Login - File Browser Enhanced");
  await loginThroughForm(page, server);
  await expect(page).toHaveURL(`${server.url}/files/`);
  await expect(item(page, "sub")).toBeVisible();
  await expect(item(page, "top.txt")).toBeVisible();
  await expect(page).toHaveTitle("Files - File Browser Enhanced");
  expect(await page.evaluate(() => localStorage.getItem("jwt")?.split(".").length)).toBe(3);
});

test("shows 'Wrong username or password' above the form for bad credentials", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole("textbox", { name: "Username" }).fill(server.username);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong username or password");
  await expect(page).toHaveURL(`${server.url}/login`);
});

test("sends a logged-out visitor to /login with the wanted path and returns there after login", async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/files/sub/`);
  await expect(page).toHaveURL(`${server.url}/login?redirect=${encodeURIComponent("/files/sub/")}`);
  await loginThroughForm(page, server);
  await expect(page).toHaveURL(`${server.url}/files/sub/`);
  await expect(item(page, "inside.txt")).toBeVisible();
});

test("an already logged-in user visiting /login goes to the files", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await loginThroughForm(page, server);
  await expect(page).toHaveURL(`${server.url}/files/`);
  await page.goto(`${server.url}/login`);
  await expect(page).toHaveURL(`${server.url}/files/`);
});

test("drops a stored token that is malformed or expired and asks to log in", async ({ page, server }) => {
  const expired = [
    "eyJhbGciOiJIUzI1NiJ9",
    Buffer.from(JSON.stringify({ user: { id: 1 }, exp: 1 })).toString("base64url"),
    "sig",
  ].join(".");
  for (const token of ["not-a-token", expired]) {
    await page.goto(`${server.url}/login`);
    await page.evaluate((t) => localStorage.setItem("jwt", t), token);
    await page.goto(`${server.url}/files/`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
  }
});

test("logout clears the session and goes to /login", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await loginThroughForm(page, server);
  await expect(item(page, "sub")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
  expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
  await page.goto(`${server.url}/files/`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("a stored token the server refuses ends the session and keeps the wanted folder for after login", async ({
  page,
  server,
}) => {
  const forged = [
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
    Buffer.from(
      JSON.stringify({ user: { id: 1, username: "admin", perm: {} }, exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString("base64url"),
    "forged-signature",
  ].join(".");
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("jwt", t);
    }
  }, forged);
  await page.goto(`${server.url}/files/sub/`);
  await expect(page).toHaveURL(`${server.url}/login?redirect=${encodeURIComponent("/files/sub/")}`);
  await loginThroughForm(page, server);
  await expect(page).toHaveURL(`${server.url}/files/sub/`);
  await expect(item(page, "inside.txt")).toBeVisible();
});

test("returns to a folder whose name needs escaping after login", async ({ page, server }) => {
  writeTree(server.root, { "100% done #1/inside.txt": "x" });
  const wanted = "/files/100%25%20done%20%231/";
  await page.goto(`${server.url}${wanted}`);
  await expect(page).toHaveURL(`${server.url}/login?redirect=${encodeURIComponent(wanted)}`);
  await loginThroughForm(page, server);
  await expect(page).toHaveURL(`${server.url}${wanted}`);
  await expect(item(page, "inside.txt")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("100% done #1");
});
