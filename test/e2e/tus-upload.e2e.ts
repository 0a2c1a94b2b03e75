import type { Page } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, type TestServer } from "../support/server";
import { expect, test, item, openFolder, screenshot, signIn, throttleUploads, writeTree } from "./fixtures";

let token: string;
let local: string;

test.use({
  serverOptions: {
    // Small chunks: each is its own request, so a connection dropped mid-way fails the next one and the retry
    // asks the server's offset (FBE_TUS_CHUNK_BYTES reaches the page through its config).
    env: { FBE_TUS_CHUNK_BYTES: String(256 * 1024) },
    prepare: async (server) => {
      token = await login(server);
      writeTree(server.root, { "drop/": "", "pause-1280/": "", "pause-375/": "", "reload/": "" });
    },
  },
});

// The files the tests pick live outside the server's root.
test.beforeAll(() => {
  local = mkdtempSync(join(tmpdir(), "fbe-tus-e2e-"));
});

test.afterAll(() => {
  rmSync(local, { recursive: true, force: true });
});

/** A file of random bytes on disk (a stable name, size and date, as a real pick has) and its sha256. */
function localFile(name: string, bytes: number): { path: string; hash: string } {
  const data = randomBytes(bytes);
  const path = join(local, name);
  writeFileSync(path, data);
  return { path, hash: createHash("sha256").update(data).digest("hex") };
}

/** Picks files through the Upload button. */
async function pick(page: Page, paths: string[]): Promise<void> {
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await (await choosing).setFiles(paths);
}

/** The server's sha256 of a file, through the API. */
async function serverHash(server: TestServer, path: string): Promise<string> {
  const res = await fetch(`${server.url}/api/resources${path}?checksum=sha256`, { headers: { "X-Auth": token } });
  expect(res.status).toBe(200);
  return (await res.json()).checksums.sha256;
}

/** Bytes the server holds of an incomplete tus upload (0 when there is none yet). */
async function serverOffset(server: TestServer, path: string): Promise<number> {
  const res = await fetch(`${server.url}/api/tus${path}`, {
    method: "HEAD",
    headers: { "X-Auth": token, "Tus-Resumable": "1.0.0" },
  });
  return res.status === 200 ? Number(res.headers.get("Upload-Offset")) : 0;
}

/** The tus requests the page sends, as "METHOD offset" (the Upload-Offset header, "-" when absent). */
function recordTus(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/tus/")) seen.push(`${r.method()} ${r.headers()["upload-offset"] ?? "-"}`);
  });
  return seen;
}

test("an upload whose connection drops mid-way resumes from the server's offset and completes with identical bytes", async ({
  page,
  context,
  server,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, server);
  await openFolder(page, server, "/drop/");
  const file = localFile("dropped-link.bin", 6 * 1024 * 1024);
  // A throttle of its own DevTools session, ended before the drop: that session's conditions would hide the offline state.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const requests = recordTus(page);
  await pick(page, [file.path]);
  await expect
    .poll(() => serverOffset(server, "/drop/dropped-link.bin"), { timeout: 20_000 })
    .toBeGreaterThan(512 * 1024);
  await cdp.detach();
  await context.setOffline(true);
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel.getByRole("listitem").filter({ hasText: "dropped-link.bin" })).toContainText(
    "Waiting for the connection",
    { timeout: 15_000 },
  );
  await screenshot(page, testInfo, "panel-offline-1280");
  const kept = await serverOffset(server, "/drop/dropped-link.bin");
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(6 * 1024 * 1024);
  await context.setOffline(false);
  await expect(item(page, "dropped-link.bin")).toBeVisible({ timeout: 30_000 });
  expect(await serverHash(server, "/drop/dropped-link.bin")).toBe(file.hash);
  // It went on from what the server had: a PATCH at a non-zero offset, and one creation only.
  expect(requests.filter((r) => r.startsWith("POST"))).toHaveLength(1);
  expect(requests.some((r) => /^PATCH [1-9]\d*$/.test(r))).toBe(true);
});

test("a file picked again after a page reload goes on where it stopped", async ({ page, server }) => {
  test.setTimeout(90_000);
  await signIn(page, server);
  page.on("dialog", (d) => void d.accept());
  await openFolder(page, server, "/reload/");
  const file = localFile("after-reload.bin", 5 * 1024 * 1024);
  await throttleUploads(page, 1024 * 1024);
  await pick(page, [file.path]);
  await expect
    .poll(() => serverOffset(server, "/reload/after-reload.bin"), { timeout: 20_000 })
    .toBeGreaterThan(512 * 1024);
  await page.reload();
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  const kept = await serverOffset(server, "/reload/after-reload.bin");
  expect(kept).toBeGreaterThan(0);
  await throttleUploads(page, null);
  const requests = recordTus(page);
  await pick(page, [file.path]);
  await expect(item(page, "after-reload.bin")).toBeVisible({ timeout: 30_000 });
  expect(await serverHash(server, "/reload/after-reload.bin")).toBe(file.hash);
  expect(requests[0]).toBe("HEAD -");
  expect(requests.some((r) => r.startsWith("POST"))).toBe(false);
  expect(requests).toContain(`PATCH ${kept}`);
});

for (const size of [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
]) {
  test(`the upload panel at ${size.name} px runs big files side by side, pauses and resumes one`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    await signIn(page, server);
    const dir = `/pause-${size.name}/`;
    await openFolder(page, server, dir);
    const a = localFile(`holiday-video-${size.name}.mp4`, 4 * 1024 * 1024);
    const b = localFile(`scans-${size.name}.zip`, 3 * 1024 * 1024);
    await throttleUploads(page, 1024 * 1024);
    const requests = recordTus(page);
    await pick(page, [a.path, b.path]);
    const panel = page.getByRole("region", { name: "Uploads" });
    // Both run at once: two progress bars in their rows.
    await expect(panel.getByRole("listitem").locator("progress")).toHaveCount(2);
    const nameA = `holiday-video-${size.name}.mp4`;
    const rowA = panel.getByRole("listitem").filter({ hasText: nameA });
    await expect(rowA).toContainText(/[1-9][\d.]* (KiB|MiB) of 4 MiB/);
    await panel.getByRole("button", { name: `Pause ${nameA}` }).click();
    await expect(rowA).toContainText("Paused");
    await expect(panel.getByRole("button", { name: `Resume ${nameA}` })).toBeVisible();
    await screenshot(page, testInfo, `panel-paused-${size.name}`);
    await expect(panel.locator(".upload-headline")).toHaveText("Uploads paused", { timeout: 20_000 });
    await screenshot(page, testInfo, `panel-all-paused-${size.name}`);
    await panel.getByRole("button", { name: `Resume ${nameA}` }).click();
    await expect(rowA).not.toContainText("Paused");
    await screenshot(page, testInfo, `panel-resumed-${size.name}`);
    await throttleUploads(page, null);
    await expect(panel.locator(".upload-headline")).toHaveText("Uploads finished", { timeout: 30_000 });
    await screenshot(page, testInfo, `panel-finished-${size.name}`);
    expect(await serverHash(server, `${dir}${nameA}`)).toBe(a.hash);
    expect(await serverHash(server, `${dir}scans-${size.name}.zip`)).toBe(b.hash);
    // The resumed file went on from the server's offset: one creation per file, no second one.
    expect(requests.filter((r) => r.startsWith("POST"))).toHaveLength(2);
    await context.close();
  });
}
