/** @module Playwright settings for the browser end-to-end tests in test/e2e (real server, Debian chromium). */
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, HEADLESS_SHELL } from "./test/support/chromium";

/** The tag of the browser tests that need CHROMIUM's PDF viewer, which HEADLESS_SHELL lacks (it downloads a PDF). */
const PDF_VIEWER_TAG = /@pdf-viewer/;

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
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    // Recording a trace of every test costs about a quarter of the browser tier's CPU time, so none is recorded;
    // a failing file is replayed with `--trace on` for one. A failure's screenshot is kept.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "headless",
      grepInvert: PDF_VIEWER_TAG,
      use: {
        launchOptions: { executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM, args: CHROMIUM_ARGS },
      },
    },
    {
      name: "pdf-viewer",
      grep: PDF_VIEWER_TAG,
      use: { launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } },
    },
  ],
});
