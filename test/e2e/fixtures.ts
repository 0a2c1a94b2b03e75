/** @module Shared steps of the browser tests: a server per test file, logging in, files on disk, dropping files. */
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { login, type TestServer } from "../support/server";
import { FileServers, type FileServerOptions } from "./file-servers";

export { expect };

/**
 * Playwright's `test` with the file's server: `server` is started on the file's first test with the options of
 * `test.use({ serverOptions })` (a describe block may set its own, then it gets its own server) and kept for the
 * file's other tests; `signedIn` is the page with the admin's session already in local storage.
 */
export const test = base.extend<
  { server: TestServer; signedIn: Page; serverOptions: FileServerOptions; fileSwitch: void },
  { fileServers: FileServers }
>({
  fileServers: [
    async ({}, use) => {
      const servers = new FileServers();
      await use(servers);
      await servers.stop();
    },
    { scope: "worker" },
  ],
  serverOptions: [{}, { option: true }],
  // Before every test, so a file that starts no server of its own still stops the previous file's servers.
  fileSwitch: [async ({ fileServers }, use, info) => use(await fileServers.enter(info.file)), { auto: true }],
  // A time budget of its own, as the beforeAll it replaces had: a slow start or prepare (media made with ffmpeg, a big
  // tree) is not taken from the first test's time.
  server: [
    async ({ fileServers, serverOptions }, use, info) => use(await fileServers.get(info.file, serverOptions)),
    { timeout: 120_000 },
  ],
  signedIn: async ({ page, server }, use) => {
    await signIn(page, server);
    await use(page);
  },
});

/** A valid 2x2 PNG (red), small enough to inline; the server can thumbnail it. */
/** A phone with a touch screen, as Chromium emulates one: 375 px wide, taps and touch events (`test.use(TOUCH_PHONE)`). */
export const TOUCH_PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } as const;

export const PNG_RED = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

/** Writes files (path -> content) under the server root, creating folders; a path ending in "/" is a folder. */
export function writeTree(root: string, tree: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(tree)) {
    const full = join(root, path);
    if (path.endsWith("/")) {
      mkdirSync(full, { recursive: true });
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** Logs in through the form on /login. */
export async function loginThroughForm(page: Page, server: TestServer): Promise<void> {
  await page.getByRole("textbox", { name: "Username" }).fill(server.username);
  await page.getByLabel("Password", { exact: true }).fill(server.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Starts the page with a session already in local storage (faster than the form for tests about other things). */
export async function signIn(page: Page, server: TestServer): Promise<void> {
  const token = await login(server);
  await page.addInitScript(
    ({ t, origin }) => {
      if (location.origin === origin && !localStorage.getItem("jwt")) localStorage.setItem("jwt", t);
    },
    { t: token, origin: server.origin },
  );
}

/** Opens a folder route and waits for its listing (or empty state) to show and the start-up overlay to go. */
export async function openFolder(page: Page, server: TestServer, path: string): Promise<void> {
  await page.goto(`${server.url}/files${path}`);
  await expect(page.getByRole("region", { name: "Folder contents" })).toBeVisible();
  await expect(page.locator("#loading")).toHaveCount(0);
}

/** The listing row of an item. */
export function item(page: Page, name: string) {
  return page.getByRole("option", { name, exact: true });
}

/** A file made inside the page for a drop. */
export type DropFile = { name: string; content: string; type?: string };

/**
 * Drops files created inside the page onto the listing, as a real drag from the desktop would; with `target`,
 * onto that element (a folder row or card) instead.
 */
export async function dropFiles(page: Page, files: DropFile[], target?: Locator): Promise<void> {
  await dragFilesOver(page, files, target);
  await dropDragged(target ?? page.locator(".listing"));
}

/**
 * Starts a desktop drag of files over an element (the listing by default): dragenter and dragover, no drop.
 * The drag stays in the page until dropDragged() ends it, so a test can look at the hover state in between.
 */
export async function dragFilesOver(page: Page, files: DropFile[], target?: Locator): Promise<void> {
  await (target ?? page.locator(".listing")).evaluate((el, list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.content], f.name, { type: f.type ?? "text/plain" }));
    (window as unknown as { __drag: DataTransfer }).__drag = dt;
    for (const type of ["dragenter", "dragover"])
      el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, files);
}

/** Drops the files of the drag dragFilesOver() started onto `target`. */
export async function dropDragged(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    const dt = (window as unknown as { __drag: DataTransfer }).__drag;
    el.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: dt }));
  });
}

/**
 * Drops a folder tree onto the listing (or onto `target`, e.g. a folder row) the way a desktop drag does: each
 * top-level item answers webkitGetAsEntry() with a FileSystemEntry-like object (Playwright cannot drop real
 * folders). Keys are paths relative to the drop ("album/a.txt"); a key ending in "/" is an empty folder.
 */
export async function dropTree(page: Page, tree: Record<string, string>, target?: Locator): Promise<void> {
  await (target ?? page.locator(".listing")).evaluate((el, entries) => {
    type Node = { children?: Map<string, Node>; content?: string };
    const root = new Map<string, Node>();
    for (const [path, content] of Object.entries(entries)) {
      const parts = path.split("/").filter(Boolean);
      let level = root;
      parts.forEach((part, i) => {
        const last = i === parts.length - 1;
        if (!level.has(part)) level.set(part, last && !path.endsWith("/") ? { content } : { children: new Map() });
        level = level.get(part)!.children ?? new Map();
      });
    }
    const toEntry = (name: string, node: Node): unknown =>
      node.children
        ? {
            name,
            isFile: false,
            isDirectory: true,
            createReader: () => {
              let read = false;
              return {
                readEntries: (ok: (e: unknown[]) => void) => {
                  const batch = read ? [] : [...node.children!].map(([n, c]) => toEntry(n, c));
                  read = true;
                  setTimeout(() => ok(batch), 0);
                },
              };
            },
          }
        : {
            name,
            isFile: true,
            isDirectory: false,
            file: (ok: (f: File) => void) => ok(new File([node.content ?? ""], name)),
          };
    const items = [...root].map(([name, node]) => ({
      kind: "file",
      type: "",
      webkitGetAsEntry: () => toEntry(name, node),
      getAsFile: () => null,
    }));
    const dataTransfer = {
      types: ["Files"],
      items,
      files: [],
      dropEffect: "none",
      effectAllowed: "all",
      getData: () => "",
    };
    for (const type of ["dragenter", "dragover", "drop"]) {
      const event = new DragEvent(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, "dataTransfer", { value: dataTransfer });
      el.dispatchEvent(event);
    }
  }, tree);
}

/** Every permission flag, all off: spread it and turn on what a test user needs. */
export const NO_PERMS = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
};

/** Creates a user through POST /api/users as the admin (docs/product.md "User calls"). */
export async function createUser(
  server: TestServer,
  username: string,
  password: string,
  perm: Partial<typeof NO_PERMS>,
): Promise<void> {
  const token = await login(server);
  const res = await fetch(`${server.url}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Auth": token },
    body: JSON.stringify({ what: "user", which: [], data: { username, password, perm: { ...NO_PERMS, ...perm } } }),
  });
  if (res.status !== 201) throw new Error(`creating ${username} failed: ${res.status} ${await res.text()}`);
}

/** Starts the page with the session of another user than the admin. */
export async function signInAs(page: Page, server: TestServer, username: string, password: string): Promise<void> {
  const token = await login(server, username, password);
  await page.addInitScript(
    ({ t, origin }) => {
      if (location.origin === origin && !localStorage.getItem("jwt")) localStorage.setItem("jwt", t);
    },
    { t: token, origin: server.origin },
  );
}

/**
 * Saves a screenshot (of the viewport, or with `fullPage` of the whole page) into the test's output folder and attaches it to the report; with FBE_SHOTS_DIR set,
 * also into that folder (test-results is wiped on every run) for looking at the screens. Taken only when someone
 * will look: with FBE_SHOTS_DIR set, or in a test tagged "@screens" (scripts/test.ts SCREENS_TAG, the screenshot runs
 * of `npm run test:stress`). In `npm test` nobody looks at them, and their capture and PNG encoding cost time
 * (measured: the 46 of info, admin and video.e2e.ts made those files 8 % slower, 92 s against 85 s); a failing
 * test's screenshot is kept anyway (playwright.config.ts).
 */
export async function screenshot(
  page: Page,
  testInfo: import("@playwright/test").TestInfo,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.FBE_SHOTS_DIR && !testInfo.tags.includes("@screens")) return;
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
  if (process.env.FBE_SHOTS_DIR) copyFileSync(path, join(process.env.FBE_SHOTS_DIR, `${name}.png`));
}

/** Limits how fast the page sends request bodies (bytes/s; null lifts the limit), so an upload stays in flight a while. */
export async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** sessionStorage key where recordPopups() keeps the texts of the popups this tab showed. */
const POPUPS_KEY = "fbe-test-popups";

/**
 * Records the text of every popup (sonner toast) the page shows from now on into sessionStorage, where it outlives a
 * reload: a popup shown just before the page reloads itself is gone before an assertion could poll for it.
 */
async function recordPopups(page: Page): Promise<void> {
  await page.evaluate((key) => {
    sessionStorage.removeItem(key);
    const w = window as unknown as { popupRecorder?: MutationObserver };
    if (w.popupRecorder) return;
    w.popupRecorder = new MutationObserver(() => {
      const shown = [...document.querySelectorAll("[data-sonner-toast]")].map((t) => t.textContent ?? "");
      const kept = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
      const all = [...new Set([...kept, ...shown.filter((t) => t !== "")])];
      if (all.length > kept.length) sessionStorage.setItem(key, JSON.stringify(all));
    });
    w.popupRecorder.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, POPUPS_KEY);
}

/**
 * Presses the Global settings' Save (`save`, by default the page's one Save button), then waits for the save's answer
 * (2xx) and for the reload that follows it, and checks that the page said "Settings updated!" before reloading.
 */
export async function saveGlobalSettings(
  page: Page,
  save: Locator = page.getByRole("button", { name: "Save" }),
): Promise<void> {
  await recordPopups(page);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/settings") && r.request().method() !== "GET");
  const reloaded = page.waitForEvent("load");
  await save.click();
  expect((await answer).ok()).toBe(true);
  await reloaded;
  const popups = await page.evaluate((key) => sessionStorage.getItem(key) ?? "[]", POPUPS_KEY);
  expect((JSON.parse(popups) as string[]).join("\n")).toContain("Settings updated!");
}

/**
 * Waits until the screen stops changing by itself: every image in view has loaded, and no CSS transition (a slide
 * moving, a panel opening) is under way. For screenshots, instead of a guessed pause.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    };
    const loaded = [...document.images].every((img) => !inView(img) || (img.complete && img.naturalWidth > 0));
    return loaded && document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running");
  });
}

/**
 * Waits until the page has had no request under way for `quietMs` (default 500 ms: Playwright's own network-idle
 * span), counting from now; a page that keeps asking never gets there and fails the test by its timeout.
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  const open = new Set<unknown>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await new Promise<void>((resolve) => {
    const arm = () => {
      clearTimeout(timer);
      if (open.size === 0) timer = setTimeout(finish, quietMs);
    };
    const started = (r: unknown) => {
      open.add(r);
      clearTimeout(timer);
    };
    const ended = (r: unknown) => {
      open.delete(r);
      arm();
    };
    const finish = () => {
      page.off("request", started).off("requestfinished", ended).off("requestfailed", ended);
      resolve();
    };
    page.on("request", started).on("requestfinished", ended).on("requestfailed", ended);
    arm();
  });
}

/** A page of its own at `viewport`, signed in as the admin (for screenshots at several sizes). */
export async function signedInPage(
  browser: import("@playwright/test").Browser,
  server: TestServer,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await signIn(page, server);
  return page;
}

/** Takes the screenshot `name` (see screenshot) once the screen has settled (see settled). */
export async function settledScreenshot(
  page: Page,
  testInfo: import("@playwright/test").TestInfo,
  name: string,
): Promise<void> {
  await settled(page);
  await screenshot(page, testInfo, name);
}
