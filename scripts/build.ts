/**
 * @module `npm run build`: the UI bundle, then `bun build --compile --production` of the server with the UI
 * embedded (`--asset dist/ui`), into dist/fbe. `buildIfStale()` rebuilds only when sources are newer.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildUi } from "./build-ui";

const ROOT = join(import.meta.dir, "..");
export const BINARY = join(ROOT, "dist", "fbe");
// The libvips that src/server/media/preload-vips.ts embeds; its name follows the exact sharp version pinned.
const LIBVIPS = join(ROOT, "node_modules", "@img", "sharp-libvips-linux-x64", "lib", "libvips-cpp.so.8.18.7");

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when dist/fbe is missing or older than src/, package-lock.json or the build scripts. */
export function isStale(): boolean {
  if (!existsSync(BINARY) || !existsSync(join(ROOT, "dist", "ui", "index.html"))) return true;
  const built = statSync(BINARY).mtimeMs;
  const inputs = [
    join(ROOT, "src"),
    join(ROOT, "package-lock.json"),
    join(ROOT, "scripts", "build.ts"),
    join(ROOT, "scripts", "build-ui.ts"),
    join(ROOT, "scripts", "precompress.ts"),
  ];
  return inputs.some((p) => newestMtime(p) > built);
}

async function git(args: string[]): Promise<string> {
  const p = Bun.spawn(["git", ...args], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  const out = (await new Response(p.stdout).text()).trim();
  return (await p.exited) === 0 ? out : "";
}

/** Builds the UI and compiles dist/fbe. Throws when either step fails. */
export async function build(): Promise<void> {
  const t0 = performance.now();
  if (!existsSync(LIBVIPS))
    throw new Error(`missing ${LIBVIPS}: sharp's libvips package does not match the pinned version`);
  await buildUi();
  const pkg = await Bun.file(join(ROOT, "package.json")).json();
  const commit = (await git(["rev-parse", "--short", "HEAD"])) || "unknown";
  const define = {
    FBE_VERSION: JSON.stringify(pkg.version),
    FBE_COMMIT: JSON.stringify(commit),
    FBE_BUILD_DATE: JSON.stringify(new Date().toISOString()),
  };
  const args = [
    // --splitting: what the server loads with a dynamic import() (markdown, QR codes, tar, snappy, the CLI) is a
    // chunk of its own in the binary, parsed only when first used, so an idle server never holds its source.
    "build",
    "--compile",
    "--production",
    "--splitting",
    join("src", "server", "main.ts"),
    // Worker entry points are bundled only when named (Bun's executables docs, "Worker").
    join("src", "server", "transfer-threads", "transfer-thread.ts"),
    // The folder threads' entry (listing-cache/worker-client.ts starts it by this file's path below src/server).
    join("src", "server", "listing", "listing-cache", "folder-worker.ts"),
    "--asset",
    join("dist", "ui"),
    "--outfile",
    join("dist", "fbe"),
    ...Object.entries(define).flatMap(([k, v]) => ["--define", `${k}=${v}`]),
  ];
  const proc = Bun.spawn([process.execPath, ...args], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) {
    console.error(out);
    throw new Error("compiling dist/fbe failed");
  }
  const mb = (statSync(BINARY).size / 1e6).toFixed(1);
  console.log(`[fbe] built dist/fbe (${mb} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Builds only when isStale(). */
export async function buildIfStale(): Promise<void> {
  if (isStale()) await build();
}

// `--if-stale` (used by the browser tests' set-up) skips the work when dist/fbe is current.
if (import.meta.main) await (process.argv.includes("--if-stale") ? buildIfStale() : build());
