/**
 * @module Makes sharp loadable inside the compiled binary (measured with Bun 1.4.5): the embedded libvips
 * is written to a cache folder and dlopen'ed before sharp's addon loads, so the addon's NEEDED entry
 * resolves by soname. preloadVips() runs on the first use of sharp, so an idle server keeps libvips (about 6 MB
 * resident) out of memory. A no-op when run from source. The folder is under the user's cache folder (Config
 * xdgCacheHome, XDG_CACHE_HOME), else the temp folder.
 */
import { dlopen } from "bun:ffi";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// The libvips shipped with sharp 0.35.5 (pinned exactly in package.json; scripts/build.ts checks the file exists).
import vips from "../../../node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7" with { type: "file" };

/** Error met while preloading, reported by the thumbnail module's single log line. */
export let preloadError: string | undefined;

const SONAME = "libvips-cpp.so.8.18.7";

let preloaded = false;

/** The user's cache folder the library is written under; "" for the temp folder. */
let cacheHome = "";

/** Sets the user's cache folder (Config xdgCacheHome) at boot, before the first use of sharp. */
export function setVipsCacheHome(dir: string): void {
  cacheHome = dir;
}

/** Writes out and dlopens the embedded libvips once; must run before sharp is required. Never throws. */
export function preloadVips(): void {
  if (preloaded || !vips.startsWith("/$bunfs/")) return;
  preloaded = true;
  try {
    const dir = join(cacheHome || tmpdir(), "fbe-libvips-8.18.7");
    const so = join(dir, SONAME);
    if (!existsSync(so) || statSync(so).size !== statSync(vips).size) {
      mkdirSync(dir, { recursive: true });
      const tmp = `${so}.${process.pid}.tmp`;
      writeFileSync(tmp, readFileSync(vips));
      renameSync(tmp, so);
    }
    // Keep the handle referenced for the life of the process so the library stays loaded.
    (globalThis as { __fbeLibvips?: unknown }).__fbeLibvips = dlopen(so, {
      vips_version: { args: ["i32"], returns: "i32" },
    });
  } catch (err) {
    preloadError = (err as Error).message;
  }
}
