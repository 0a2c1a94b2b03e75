/** @module Playwright settings for the browser end-to-end tests in test/e2e (real server, Debian chromium). */
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/** Debian's full browser (package chromium): it has the built-in PDF viewer. */
const CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's headless-only build of the same browser (package chromium-headless-shell), the one Playwright itself runs
 * headless tests in. It drew the same screens for about half the CPU time: the browser tests took 456 CPU-seconds in
 * it and about 850 in CHROMIUM's new headless mode on this 2-core machine. CHROMIUM serves when it is missing.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** The tag of the browser tests that need CHROMIUM's PDF viewer, which HEADLESS_SHELL lacks (it downloads a PDF). */
const PDF_VIEWER_TAG = /@pdf-viewer/;

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

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
        launchOptions: { executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM, args: LAUNCH_ARGS },
      },
    },
    {
      name: "pdf-viewer",
      grep: PDF_VIEWER_TAG,
      use: { launchOptions: { executablePath: CHROMIUM, args: LAUNCH_ARGS } },
    },
  ],
});
