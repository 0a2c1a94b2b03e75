import type { Page } from "@playwright/test";
import { closeSync, existsSync, mkdirSync, openSync, ftruncateSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { login, startServer, type TestServer } from "../support/server";
import { expect, test, createUser, item, openFolder, screenshot, signIn, signInAs, writeTree } from "./fixtures";

/** A valid empty zip: only the end-of-central-directory record. */
const EMPTY_ZIP = Buffer.concat([Buffer.from("PK\x05\x06"), Buffer.alloc(18)]);
/** The sparse file a cancelled torrent hashes: far too big to finish during the test, yet it takes no disk space. */
const HUGE_BYTES = 64 * 1024 ** 3;

test.use({
  serverOptions: {
    prepare: (server) => {
      writeTree(server.root, {
        "work/data/a.txt": "alpha",
        "work/data/b.txt": "bravo",
        "work/notes.txt": "notes",
        "work/pack.zip": EMPTY_ZIP,
        "big/": "",
        "many/": "",
      });
      const fd = openSync(join(server.root, "big/huge.bin"), "w");
      ftruncateSync(fd, HUGE_BYTES);
      closeSync(fd);
      for (let i = 1; i <= 7; i++) writeTree(server.root, { [`many/f${i}.txt`]: `file ${i}` });
      // A 2-second test video and archives made by the real tools the tasks use.
      const media = join(server.root, "media");
      writeTree(server.root, { "media/": "", "src/box/readme.txt": "inside the box" });
      execFileSync("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=duration=2:size=320x240:rate=10",
        "-pix_fmt",
        "yuv420p",
        join(media, "clip.mp4"),
      ]);
      execFileSync("7zz", ["a", "-bd", join(media, "box.zip"), "box"], { cwd: join(server.root, "src") });
      execFileSync("7zz", ["a", "-bd", "-psecret", "-mhe=on", join(media, "locked.7z"), "box"], {
        cwd: join(server.root, "src"),
      });
    },
  },
});

/** Opens a folder once the task connection is up: the task panel (opened and closed with t) no longer says it is not. */
async function openConnected(page: Page, server: TestServer, path: string): Promise<void> {
  await signIn(page, server);
  await openFolder(page, server, path);
  await page.keyboard.press("t");
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText("error: websocket is not connected!")).toHaveCount(0);
  await page.keyboard.press("t");
  await expect(panel(page)).toHaveCount(0);
}

/** Opens a task dialog from the context menu of an item. */
async function openTaskDialog(page: Page, name: string, entry: string) {
  await item(page, name).click({ button: "right" });
  await page.getByRole("menuitem", { name: entry }).click();
  const dialog = page.getByRole("dialog", { name: entry.replace(/ (\w)/, (_, c: string) => ` ${c.toLowerCase()}`) });
  await expect(dialog).toBeVisible();
  return dialog;
}

const panel = (page: Page) => page.getByRole("complementary", { name: "Tasks" });
const row = (page: Page, kind: string, path: string) =>
  panel(page).getByRole("listitem", { name: `${kind} ${path}`, exact: true });

test("a make-torrent from the context menu finishes in the panel opened with t, and its .torrent appears", async ({
  page,
  server,
}) => {
  await openConnected(page, server, "/work/");
  const dialog = await openTaskDialog(page, "data", "Make Torrent");
  await expect(dialog.getByRole("textbox", { name: "Announce URL" })).toHaveValue("http://localhost/announce");
  await expect(dialog.getByRole("checkbox", { name: "Private torrent" })).toBeChecked();
  const pieces = dialog.getByRole("combobox", { name: "Piece length" });
  await expect(pieces).toHaveValue("22");
  await expect(pieces.locator("option:checked")).toHaveText("4 MiB (2^22)");
  await expect(pieces.locator("option")).toHaveText(
    [18, 19, 20, 21, 22, 23, 24, 25, 26].map((e) => new RegExp(`\\(2\\^${e}\\)$`)),
  );
  await pieces.selectOption("18");
  await dialog.getByRole("textbox", { name: "Comment" }).fill("  made in the browser  ");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("make torrent task has been send to background")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.keyboard.press("t");
  const done = row(page, "Make torrent", "/work/data/");
  await expect(done.getByRole("img", { name: "Done" })).toBeVisible({ timeout: 20_000 });
  await expect(done.getByRole("link", { name: "/work/data/" })).toHaveAttribute("href", "/files/work/data/");
  await expect(done.getByRole("button", { name: "Retry task" })).toBeEnabled();
  await expect(done.getByRole("button", { name: "Cancel task" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Tasks, 0 unfinished" })).toBeVisible();
  await page.keyboard.press("q");
  await expect(panel(page)).toBeHidden();

  await page.reload();
  await expect(item(page, "data.torrent")).toBeVisible();
  await page.keyboard.press("F4");
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  // A double-click on empty space of the listing toggles the panel too.
  await page.locator(".listing-toolbar").dblclick({ position: { x: 400, y: 20 } });
  await expect(panel(page)).toBeVisible();
});

test("a long make-torrent shows its progress and ends cancelled, leaving no .torrent", async ({ page, server }) => {
  await openConnected(page, server, "/big/");
  const dialog = await openTaskDialog(page, "huge.bin", "Make Torrent");
  await dialog.getByRole("button", { name: "Start" }).click();
  await page.getByRole("button", { name: /^Tasks, 1 unfinished/ }).click();
  const running = row(page, "Make torrent", "/big/huge.bin");
  await expect(running.getByRole("img", { name: "Running" })).toBeVisible({ timeout: 20_000 });
  await expect(running.getByRole("progressbar", { name: "Progress" })).toBeVisible({ timeout: 20_000 });
  await expect(running.getByRole("button", { name: "Remove task" })).toBeDisabled();
  await running.getByRole("button", { name: "Cancel task" }).click();
  await expect(running.getByRole("img", { name: "Cancelled" })).toBeVisible({ timeout: 20_000 });
  await expect(running.getByRole("button", { name: "Retry task" })).toBeEnabled();
  await page.reload();
  await expect(item(page, "huge.bin")).toBeVisible();
  await expect(item(page, "huge.bin.torrent")).toHaveCount(0);
  expect(existsSync(join(server.root, "big/huge.bin.torrent"))).toBe(false);
  // Nothing is running any more: Cancel all says so.
  await page.keyboard.press("t");
  await panel(page).getByRole("button", { name: "Cancel all" }).click();
  await expect(page.getByText("no task cancelled")).toBeVisible();
});

test("a failed make-torrent runs again with Retry once its output folder exists", async ({ page, server }) => {
  await openConnected(page, server, "/work/");
  const dialog = await openTaskDialog(page, "notes.txt", "Make Torrent");
  await dialog.getByRole("textbox", { name: "Output file" }).fill("/later/notes.torrent");
  await dialog.getByRole("button", { name: "Start" }).click();
  await page.keyboard.press("t");
  const task = row(page, "Make torrent", "/work/notes.txt");
  await expect(task.getByRole("img", { name: "Failed" })).toBeVisible({ timeout: 20_000 });
  await expect(task).toContainText("/later");
  mkdirSync(join(server.root, "later"));
  await task.getByRole("button", { name: "Retry task" }).click();
  await expect(task.getByRole("img", { name: "Done" })).toBeVisible({ timeout: 20_000 });
  expect(existsSync(join(server.root, "later/notes.torrent"))).toBe(true);
});

test("more than 6 tasks show the totals table; remove completed empties the list", async ({
  page,
  server,
}, testInfo) => {
  await openConnected(page, server, "/many/");
  // Seven tasks at once through a second connection of the same session, as another tab would send them.
  const token = await login(server);
  await page.evaluate(
    ({ url, n }) =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(url);
        ws.onopen = () => {
          for (let i = 1; i <= n; i++)
            ws.send(JSON.stringify({ Task: "mktorrent", TargetPath: `/many/f${i}.txt`, Params: {} }));
          setTimeout(() => (ws.close(), resolve()), 200);
        };
      }),
    { url: `${server.url.replace(/^http/, "ws")}/api/task?auth=${token}`, n: 7 },
  );
  await page.keyboard.press("t");
  const totals = panel(page).getByRole("table", { name: "Totals" });
  await expect(totals).toBeVisible();
  const rows = panel(page).getByRole("listitem");
  const seven = panel(page).getByRole("listitem", { name: /^Make torrent \/many\/f\d\.txt$/ });
  await expect(seven.getByRole("img", { name: "Done" })).toHaveCount(7, { timeout: 20_000 });
  await expect(rows.getByRole("img", { name: /^(Pending|Running)$/ })).toHaveCount(0);
  const count = await rows.count();
  expect(count).toBeGreaterThan(6);
  await expect(totals.getByRole("cell").last()).toHaveText(String(count));
  await screenshot(page, testInfo, "panel-1280");
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshot(page, testInfo, "panel-375");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "panel-375-dark");
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, testInfo, "panel-1280-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await panel(page).getByRole("button", { name: "Remove completed" }).click();
  await expect(panel(page).getByText("no task", { exact: true })).toBeVisible();
  await expect(totals).toBeHidden();
  await panel(page).getByRole("button", { name: "Remove all" }).click();
  await expect(page.getByText("no task removed")).toBeVisible();
});

test("each task dialog shows its fields and defaults; the unarchive password is remembered", async ({
  page,
  server,
}, testInfo) => {
  await openConnected(page, server, "/work/");
  const shoot = async (name: string) => {
    await screenshot(page, testInfo, `${name}-1280`);
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, testInfo, `${name}-375`);
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  let dialog = await openTaskDialog(page, "data", "Make Torrent");
  await shoot("dialog-torrent");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  dialog = await openTaskDialog(page, "data", "Make Thumbnail");
  await expect(dialog.getByRole("spinbutton", { name: "Width of each frame (px)" })).toHaveValue("512");
  await expect(dialog.getByRole("spinbutton", { name: "Number of frames" })).toHaveValue("16");
  await dialog.getByRole("button", { name: "24 frames" }).click();
  await expect(dialog.getByRole("spinbutton", { name: "Number of frames" })).toHaveValue("24");
  await expect(dialog.getByRole("combobox", { name: "Image format" })).toHaveValue("jpg");
  const columns = dialog.getByRole("spinbutton", { name: "Columns" });
  await expect(columns).toBeEnabled();
  await dialog.getByRole("checkbox", { name: "Single images instead of one sheet" }).check();
  await expect(columns).toBeDisabled();
  await shoot("dialog-thumbnail");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  dialog = await openTaskDialog(page, "data", "Extract Subtitle");
  await expect(dialog.getByRole("combobox", { name: "Subtitle format" })).toHaveValue("vtt");
  await expect(dialog.getByRole("checkbox", { name: "Overwrite existing subtitle files" })).not.toBeChecked();
  await shoot("dialog-subtitle");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  dialog = await openTaskDialog(page, "pack.zip", "Unarchive");
  await expect(dialog.getByRole("combobox", { name: "Output folder" })).toHaveValue(".");
  await expect(dialog.getByRole("checkbox", { name: "One top-level folder" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Fix file name encoding" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Remove the archive after success" })).not.toBeChecked();
  await expect(dialog).toContainText("Engine: 7z");
  await dialog.getByLabel(/^Password/).fill("s3cret pass");
  await shoot("dialog-unarchive");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("unarchive task has been send to background")).toBeVisible();
  dialog = await openTaskDialog(page, "pack.zip", "Unarchive");
  await expect(dialog.getByLabel(/^Password/)).toHaveValue("s3cret pass");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // docs/product.md "Task targets": a task that does not fit the item is refused before any dialog: its entry is
  // disabled and says why.
  await item(page, "notes.txt").click({ button: "right" });
  await expect(page.getByRole("menuitem", { name: "Unarchive" })).toBeDisabled();
  await expect(page.getByRole("menuitem", { name: "Unarchive" })).toHaveAttribute("title", "Only for an archive");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a contact sheet and an unarchive started from their dialogs finish, and their outputs appear", async ({
  page,
  server,
}) => {
  await openConnected(page, server, "/media/");
  let dialog = await openTaskDialog(page, "clip.mp4", "Make Thumbnail");
  await dialog.getByRole("button", { name: "20 frames" }).click();
  await dialog.getByRole("spinbutton", { name: /^Width of each frame/ }).fill("80");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("make thumbnail task has been send to background")).toBeVisible();
  dialog = await openTaskDialog(page, "box.zip", "Unarchive");
  await dialog.getByRole("combobox", { name: /^Output folder/ }).fill("{{FileBasename}}.extracted");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("unarchive task has been send to background")).toBeVisible();
  await page.keyboard.press("t");
  await expect(row(page, "Make thumbnail", "/media/clip.mp4").getByRole("img", { name: "Done" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(row(page, "Unarchive", "/media/box.zip").getByRole("img", { name: "Done" })).toBeVisible({
    timeout: 30_000,
  });
  await page.reload();
  await expect(item(page, "clip.mp4._vthumb_.jpg")).toBeVisible();
  await expect(item(page, "box.extracted")).toBeVisible();
});

test("an unarchive with a wrong password fails with the reason, and may be retried or removed", async ({
  page,
  server,
}) => {
  await openConnected(page, server, "/media/");
  const dialog = await openTaskDialog(page, "locked.7z", "Unarchive");
  await dialog.getByLabel(/^Password/).fill("wrong");
  await dialog.getByRole("button", { name: "Start" }).click();
  await page.keyboard.press("t");
  const task = row(page, "Unarchive", "/media/locked.7z");
  await expect(task.getByRole("img", { name: "Failed" })).toBeVisible({ timeout: 30_000 });
  await expect(task).toContainText(/password/i);
  await expect(task.getByRole("button", { name: "Retry task" })).toBeEnabled();
  await expect(task.getByRole("button", { name: "Remove task" })).toBeEnabled();
  await expect(item(page, "box")).toHaveCount(0);
});

test("a user without execute has no task button, no panel and disabled task entries", async ({ page, server }) => {
  await createUser(server, "plain", "plain-password-1", { create: true, rename: true, download: true });
  await signInAs(page, server, "plain", "plain-password-1");
  await openFolder(page, server, "/work/");
  await expect(page.getByRole("button", { name: /^Tasks/ })).toHaveCount(0);
  await page.keyboard.press("t");
  await expect(panel(page)).toHaveCount(0);
  await item(page, "notes.txt").click({ button: "right" });
  for (const name of ["Make Torrent", "Make Thumbnail", "Extract Subtitle", "Unarchive"]) {
    await expect(page.getByRole("menuitem", { name })).toBeDisabled();
  }
});

test("when the server goes away a quiet notice and the panel say the connection is lost", async ({ page }) => {
  const own = await startServer();
  try {
    const token = await login(own);
    await page.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), token);
    await openFolder(page, own, "/");
    await own.stop();
    await expect(page.getByRole("status").getByText("Live task updates lost, reconnecting…")).toBeVisible();
    await page.keyboard.press("t");
    await expect(panel(page).getByText("error: websocket is not connected!")).toBeVisible();
  } finally {
    await own.stop().catch(() => {});
  }
});

test("a working task connection shows no popup, a drop of a few seconds a quiet notice, and its return a quiet word", async ({
  page,
  server,
}) => {
  // The page's clock is the test's: the seconds of the drop, the reconnect and the word's stay are moved, not waited.
  await page.clock.install();
  // Every popup the page shows is written down, however short it lives; the page's task socket is kept at hand.
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[]; __sockets: WebSocket[] };
    w.__toasts = [];
    w.__sockets = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[data-sonner-toast]"))
        if (!w.__toasts.includes(el.textContent ?? "")) w.__toasts.push(el.textContent ?? "");
    }).observe(document, { childList: true, subtree: true, characterData: true });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        w.__sockets.push(this);
      }
    };
  });
  await openConnected(page, server, "/work/");
  await page.reload();
  await openConnected(page, server, "/work/");
  const notice = page.getByRole("status").filter({ hasText: /task updates/ });
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)).toEqual([]);
  // The connection drops (the server side stays up): nothing at first, a quiet notice after a few seconds.
  await page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.at(-1)!.close());
  await page.clock.runFor(2000);
  await expect(notice).toHaveCount(0);
  await page.clock.runFor(3000);
  await expect(notice).toHaveText("Live task updates lost, reconnecting…");
  // The reconnect (every 10 s) brings a quiet word, which goes away by itself; no popup at any time.
  await page.clock.runFor(5000);
  await expect(notice).toHaveText("Live task updates are back");
  await page.clock.runFor(4000);
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)).toEqual([]);
});
