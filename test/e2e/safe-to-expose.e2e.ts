/**
 * Browser checks of the hardening: the app loads under its framing refusal (and cannot be framed by another
 * page) while the PDF preview still shows in the app's own frame; the profile lists this account's sessions with
 * browser, IP and last use and signs one out; the user admin screen ends all of a user's sessions; HSTS and the
 * attempt limits in the global settings; a download speed set in the share dialog; the reason a folder holding
 * rule-hidden items cannot be deleted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { login } from "../support/server";
import {
  expect,
  test,
  item,
  openFolder,
  saveGlobalSettings,
  screenshot,
  signIn,
  signInAs,
  writeTree,
} from "./fixtures";
import { makeUser } from "../support/factories";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";

/** A one-page PDF that Chromium's viewer opens. */
function minimalPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, { "docs/paper.pdf": minimalPdf(), "docs/big.bin": Buffer.alloc(64 * 1024, 7) });
    },
  },
});

// Tagged for the full browser: the headless shell has no PDF viewer and downloads the PDF instead of framing it.
test("the app loads under frame-ancestors 'none', refuses another page's frame, and still frames its PDF preview", {
  tag: "@pdf-viewer",
}, async ({ signedIn: page, server }) => {
  const res = await page.goto(`${server.url}/files/docs/`);
  expect(res!.headers()["x-frame-options"]).toBe("DENY");
  expect(res!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(item(page, "paper.pdf")).toBeVisible();

  await page.goto(`${server.url}/files/docs/paper.pdf`);
  const pdf = page.locator("object.preview-pdf");
  await expect(pdf).toBeVisible();
  const data = (await pdf.getAttribute("data"))!;
  const raw = await page.request.get(`${server.origin}${data}`);
  expect(raw.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  // The viewer's frame holds the PDF itself, not the browser's "refused to connect" page.
  await expect.poll(() => page.frames().some((f) => f.url().includes("/api/raw/docs/paper.pdf"))).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith("chrome-error:"))).toBe(false);

  // Another page framing the app gets nothing of it.
  await page.goto("about:blank");
  await page.setContent(`<iframe id="app" src="${server.url}/files/" width="600" height="400"></iframe>`);
  const framed = page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => framed?.url()).toMatch(/^chrome-error:/);
});

test("the profile lists this account's sessions and signs another one out", async ({ page, server }, testInfo) => {
  const other = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "User-Agent": FIREFOX },
    body: JSON.stringify({ username: server.username, password: server.password }),
  }).then((r) => r.text());
  await signIn(page, server);
  await page.goto(`${server.url}/settings/profile`);
  const card = page.getByRole("region", { name: "Sessions" });
  const sessions = card.getByRole("list", { name: "Active sessions" });
  await expect(sessions.getByRole("listitem").filter({ hasText: "This browser" })).toHaveCount(1);
  const firefox = sessions.getByRole("listitem").filter({ hasText: "Firefox on Linux" });
  await expect(firefox).toHaveCount(1);
  await expect(firefox).toContainText("127.0.0.1");
  await expect(firefox).toContainText(/used (now|\d+ seconds? ago)/);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "profile-sessions-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "profile-sessions-375");
  await page.setViewportSize({ width: 1280, height: 800 });

  await firefox.getByRole("button", { name: /^Sign out Firefox on Linux/ }).click();
  await expect(page.getByText("Session ended")).toBeVisible();
  await expect(firefox).toHaveCount(0);
  expect((await fetch(`${server.url}/api/resources/`, { headers: { "X-Auth": other } })).status).toBe(401);
  // The current session has no sign-out of its own here (Logout does that): its row signs out only the other
  // logins of this device, when the earlier tests left some, and this browser stays signed in.
  const mine = sessions.getByRole("listitem").filter({ hasText: "This browser" });
  const others = mine.getByRole("button");
  if ((await others.count()) > 0) {
    await expect(others).toHaveAccessibleName(/^Sign out the other \d+ logins? of /);
    await others.click();
    await expect(others).toHaveCount(0);
  }
  await page.reload();
  await expect(sessions.getByRole("listitem").filter({ hasText: "This browser" })).toHaveCount(1);
});

test("an admin sees a user's sessions on the user screen and ends them all", async ({ page, server }, testInfo) => {
  const admin = await login(server);
  const user = await makeUser(server, admin, { username: "carol" });
  const phone = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "User-Agent": FIREFOX },
    body: JSON.stringify({ username: user.username, password: user.password }),
  }).then((r) => r.text());
  await signIn(page, server);
  await page.goto(`${server.url}/settings/users/${user.id}`);
  const card = page.getByRole("region", { name: "Sessions" });
  await expect(card.getByRole("listitem")).toHaveCount(2);
  await expect(card.getByRole("listitem").filter({ hasText: "Firefox on Linux" })).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "user-admin-sessions-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "user-admin-sessions-375");
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole("button", { name: "End all sessions" }).click();
  await expect(page.getByText("Sessions ended: 2")).toBeVisible();
  await expect(card.getByText("No active session.")).toBeVisible();
  for (const token of [user.token, phone])
    expect((await fetch(`${server.url}/api/resources/`, { headers: { "X-Auth": token } })).status).toBe(401);
});

test("the global settings turn HSTS on and set the attempt limits", async ({ signedIn: page, server }, testInfo) => {
  await page.goto(`${server.url}/settings/global`);
  const hsts = page.getByRole("checkbox", { name: "Send Strict-Transport-Security (HSTS) over HTTPS" });
  await expect(hsts).not.toBeChecked();
  await hsts.check();
  await page.getByLabel("Failed logins per user name").fill("7");
  await hsts.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "global-limits-1280");
  await saveGlobalSettings(page);
  const saved = await fetch(`${server.url}/api/settings`, { headers: { "X-Auth": await login(server) } }).then((r) =>
    r.json(),
  );
  expect(saved.hsts).toBe(true);
  expect(saved.rateLimit.loginPerUser).toBe(7);
});

test("a download speed set in the share dialog is shown on the link, kept by the server and changed in place", async ({
  page,
  server,
}, testInfo) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, server);
  await openFolder(page, server, "/docs/");
  await item(page, "big.bin").click();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await dialog.getByRole("button", { name: "More options" }).click();
  const speed = dialog.getByLabel("Speed limit (KiB/s)");
  await speed.fill("1.5");
  await expect(dialog.getByText("Enter a whole number of 1 or more, or leave it empty.").first()).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create link" })).toBeDisabled();
  await speed.fill("256");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByRole("listitem").getByText("256 KiB/s")).toBeVisible();
  const links = await fetch(`${server.url}/api/share/docs/big.bin`, {
    headers: { "X-Auth": await login(server) },
  }).then((r) => r.json());
  expect(links.map((l: { downloadRate: number }) => l.downloadRate)).toEqual([256 * 1024]);

  // The speed of the link just made changes in place.
  await dialog.getByRole("button", { name: "Change the speed limit of Never expires" }).click();
  const field = dialog.getByRole("listitem").getByLabel("Speed limit (KiB/s)");
  await expect(field).toHaveValue("256");
  await screenshot(page, testInfo, "share-speed-1280");
  await field.fill("512");
  await dialog.getByRole("listitem").getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("listitem").getByText("512 KiB/s")).toBeVisible();
  await expect(field).toHaveCount(0);
  const changed = await fetch(`${server.url}/api/share/docs/big.bin`, {
    headers: { "X-Auth": await login(server) },
  }).then((r) => r.json());
  expect(changed.map((l: { downloadRate: number }) => l.downloadRate)).toEqual([512 * 1024]);
});

test("deleting a folder that holds items the user's rules hide is refused with the reason, and nothing is removed", async ({
  page,
  server,
}) => {
  const admin = await login(server);
  const user = await makeUser(server, admin, {
    perm: { create: true, rename: true, modify: true, delete: true, download: true },
    rules: [{ allow: false, path: "/team/inbox/private", regex: false, regexp: { raw: "" } }],
  });
  writeTree(server.root, { "team/inbox/ok.txt": "ok", "team/inbox/private/p.txt": "private" });
  await signInAs(page, server, user.username, user.password);
  await openFolder(page, server, "/team/inbox/");
  await expect(item(page, "ok.txt")).toBeVisible();
  await expect(item(page, "private")).toHaveCount(0);
  await openFolder(page, server, "/team/");
  await item(page, "inbox").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete" }).getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByText("This folder holds items your rules hide from you, so it cannot be deleted."),
  ).toBeVisible();
  await expect(item(page, "inbox")).toBeVisible();
  expect(readFileSync(join(server.root, "team", "inbox", "private", "p.txt"), "utf8")).toBe("private");
  expect(readFileSync(join(server.root, "team", "inbox", "ok.txt"), "utf8")).toBe("ok");
});
