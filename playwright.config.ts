/** @module Playwright settings for the browser end-to-end tests in test/e2e (real server, Debian chromium). */
import { defineConfig } from "@playwright/test";

/**
 * The browser test files that take longest (40 to 65 s each in `npm test`). The workers take files in project order,
 * then by name: these come first, so the run does not end on one worker finishing a long file alone (video.e2e.ts,
 * 44 s, used to come last but one).
 */
const LONG_FILES = ["info", "admin", "video", "gallery", "tasks", "big-folder"].map((name) => `**/${name}.e2e.ts`);

export default defineConfig({
  testDir: "test/e2e",
  testMatch: "**/*.e2e.ts",
  projects: [
    { name: "long", testMatch: LONG_FILES },
    { name: "rest", testIgnore: LONG_FILES },
  ],
  globalSetup: "./test/e2e/global-setup.ts",
  // Each test file starts its own servers over its own temp folders, so files run side by side, one per worker.
  workers: 2,
  reporter: "list",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    // Recording a trace of every test costs about a quarter of the browser tier's CPU time, so none is recorded;
    // a failing file is replayed with `--trace on` for one. A failure's screenshot is kept.
    trace: "off",
    screenshot: "only-on-failure",
  },
});
