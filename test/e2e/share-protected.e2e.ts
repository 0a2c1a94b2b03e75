/** The share page of a password link and of an upload-only folder link, seen by a visitor who never logged in. */
import type { Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { login } from "../support/server";
import { putSettings } from "../support/factories";
import { expect, test, dropFiles, screenshot, throttleUploads, writeTree } from "./fixtures";
import { createLink, inEveryLook, openShare, visitorPage } from "./share-fixtures";

const SAMPLES = join(import.meta.dirname, "..", "..", "scripts", "sample-files");
const PASSWORD = "open sesame 7";

let admin: string;
let fileHash: string;
let folderHash: string;
let dropHash: string;

async function submitPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Open" }).click();
}

function dropZone(page: Page) {
  return page.getByRole("group", { name: "Drop files here" });
}

test.use({
  serverOptions: {
    prepare: async (server) => {
      admin = await login(server);
      // The screenshots try wrong passwords in four layouts: more than the default five before a ban.
      await putSettings(server, admin, { loginBan: { maxAttempts: 100 } });
      writeTree(server.root, {
        "secret plan.txt": "Step one: tell nobody.\n",
        "vault/sunrise.jpg": readFileSync(join(SAMPLES, "photos", "sunrise.jpg")),
        "inbox/kept.txt": "already here\n",
      });
      fileHash = await createLink(server, "/secret%20plan.txt", "?expires=1&unit=hours", { password: PASSWORD });
      folderHash = await createLink(server, "/vault/", "?expires=1&unit=hours", { password: PASSWORD });
      dropHash = await createLink(server, "/inbox/", "?expires=1&unit=hours", { uploadOnly: true });
    },
  },
});

test("a password link asks for the password, refuses a wrong one and then shows the file with a working download", async ({
  browser,
  server,
}) => {
  const page = await visitorPage(browser);
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await openShare(page, server, fileHash);
  await expect(page.getByRole("heading", { name: "This link is protected by a password" })).toBeVisible();
  await expect(page.getByText("secret plan.txt")).toHaveCount(0);

  await submitPassword(page, "guess");
  await expect(page.getByRole("alert")).toHaveText("Wrong password");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await submitPassword(page, PASSWORD);
  await expect(page.getByRole("heading", { name: "secret plan.txt" })).toBeVisible();
  const link = page.getByRole("link", { name: "download file" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/[?&]token=[^&]+/);
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(readFileSync((await download.path())!)).toEqual(readFileSync(join(server.root, "secret plan.txt")));
  // The password travels in the POST body only; the QR code keeps the plain link.
  for (const url of [...urls, href]) expect(decodeURIComponent(url)).not.toContain(PASSWORD);

  // A reload in the same tab keeps the token: no second prompt.
  await page.reload();
  await expect(page.getByRole("heading", { name: "secret plan.txt" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await page.context().close();
});

test("an unlocked password folder shows its image thumbnails, loaded with the token", async ({ browser, server }) => {
  const page = await visitorPage(browser);
  await openShare(page, server, folderHash);
  await submitPassword(page, PASSWORD);
  const thumb = page.getByRole("listitem").filter({ hasText: "sunrise.jpg" }).locator("img");
  await expect(thumb).toHaveAttribute("src", /token=/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.context().close();
});

test("an upload-only link shows only the upload area and takes dropped files, never over an existing one", async ({
  browser,
  server,
}) => {
  const page = await visitorPage(browser);
  await openShare(page, server, dropHash);
  await expect(page.getByRole("heading", { name: "inbox" })).toBeVisible();
  await expect(page.getByText("Upload files into inbox")).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose files" })).toBeVisible();
  await expect(page.getByRole("link")).toHaveCount(0);
  await expect(page.getByText("kept.txt")).toHaveCount(0);

  await dropFiles(page, [{ name: "photo notes.txt", content: "first version\n" }], dropZone(page));
  const row = page.getByRole("listitem").filter({ hasText: "photo notes.txt" });
  await expect(row).toContainText("Uploaded");
  const onDisk = join(server.root, "inbox", "photo notes.txt");
  expect(readFileSync(onDisk, "utf8")).toBe("first version\n");

  await dropFiles(page, [{ name: "photo notes.txt", content: "second version\n" }], dropZone(page));
  await expect(page.getByRole("alert")).toHaveText("A file with this name already exists");
  expect(readFileSync(onDisk, "utf8")).toBe("first version\n");

  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "picked.txt", mimeType: "text/plain", buffer: Buffer.from("picked\n") });
  await expect(page.getByRole("listitem").filter({ hasText: "picked.txt" })).toContainText("Uploaded");
  expect(existsSync(join(server.root, "inbox", "picked.txt"))).toBe(true);

  // A slow upload shows its progress while it is on its way.
  await throttleUploads(page, 50_000);
  await dropFiles(page, [{ name: "big.bin", content: "b".repeat(200_000) }], dropZone(page));
  const progress = page.getByRole("progressbar", { name: "Upload of big.bin" });
  await expect(progress).toBeVisible();
  await expect.poll(() => progress.evaluate((p: HTMLProgressElement) => p.value)).toBeGreaterThan(0);
  await throttleUploads(page, null);
  await expect(page.getByRole("listitem").filter({ hasText: "big.bin" })).toContainText("Uploaded");
  await expect(progress).toHaveCount(0);
  expect(readFileSync(join(server.root, "inbox", "big.bin")).length).toBe(200_000);
  await page.context().close();
});

test(
  "takes screenshots of the password prompt and the upload page in light and dark at desktop and phone widths",
  { tag: "@screens" },
  async ({ browser, server }, testInfo) => {
    // The second drop is refused as the upload-only test's was (the test may run alone: npm run test:stress).
    writeTree(server.root, { "inbox/photo notes.txt": "first version\n" });
    await inEveryLook(browser, async (page, tag) => {
      await openShare(page, server, fileHash);
      await submitPassword(page, "not it");
      await expect(page.getByRole("alert")).toHaveText("Wrong password");
      await screenshot(page, testInfo, `share-password-${tag}`);
      await openShare(page, server, dropHash);
      await dropFiles(
        page,
        [
          { name: `report ${tag}.pdf`, content: "x".repeat(120_000) },
          { name: "photo notes.txt", content: "again\n" },
        ],
        dropZone(page),
      );
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: `report ${tag}.pdf` })).toContainText("Uploaded");
      await screenshot(page, testInfo, `share-upload-${tag}`);
    });
  },
);

// Last: the ban reaches every call from this address.
test("too many wrong passwords show the ban sentence", async ({ browser, server }) => {
  await putSettings(server, admin, { loginBan: { maxAttempts: 1 } });
  const page = await visitorPage(browser);
  await openShare(page, server, fileHash);
  await submitPassword(page, "wrong once");
  await expect(page.getByRole("alert")).toHaveText(/Wrong password|Too many wrong passwords/);
  await submitPassword(page, "wrong twice");
  await expect(page.getByRole("alert")).toHaveText("Too many wrong passwords: try again later");
  await page.context().close();
});
