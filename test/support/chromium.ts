/** @module The browsers the browser tests and the first-load bench drive, and the flags they start with. */

/** Debian's full browser (package chromium): it has the built-in PDF viewer. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's headless-only build of the same browser (package chromium-headless-shell), the one Playwright itself runs
 * headless tests in. It drew the same screens for about half the CPU time: the browser tests took 456 CPU-seconds in
 * it against about 850 in CHROMIUM's new headless mode on a 2-core machine.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The flags both start with: no sandbox (tests run as root), no GPU, and none of the background connections, which
 * a machine without outside network refuses many at a time.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
