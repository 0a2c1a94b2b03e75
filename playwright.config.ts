/** @module Playwright settings for the browser end-to-end tests in test/e2e (real server, Debian chromium). */
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "test/e2e",
  testMatch: "**/*.e2e.ts",
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
