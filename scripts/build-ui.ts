/**
 * @module Builds the React UI (src/ui/index.html) into dist/ui with hashed asset names.
 * The emitted index.html refers to assets by relative path; the server rewrites those to
 * `<baseurl>/static/...` at boot (src/server/routes/static.ts). Every text asset gets precompressed `.br` and
 * `.gz` siblings (scripts/precompress.ts), embedded with the rest by `--asset dist/ui`.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { localeProblems } from "./check-locales";
import { precompress, type PrecompressReport } from "./precompress";

const ROOT = join(import.meta.dir, "..");
const OUT = join(ROOT, "dist", "ui");

/**
 * Checks the locale files, runs Bun's bundler on the UI entry, then precompresses the output.
 * Returns the compression figures. Throws with the problems on failure.
 */
export async function buildUi(): Promise<PrecompressReport> {
  const problems = localeProblems();
  if (problems.length) throw new Error(`locale files disagree with en.json:\n${problems.slice(0, 20).join("\n")}`);
  rmSync(OUT, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(ROOT, "src", "ui", "index.html")],
    outdir: OUT,
    minify: true,
    splitting: true,
    target: "browser",
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("UI build failed");
  }
  return precompress(OUT);
}

if (import.meta.main) {
  const t = performance.now();
  const r = await buildUi();
  const kb = (n: number) => `${Math.round(n / 1000)} KB`;
  console.log(
    `[fbe] UI built into dist/ui in ${Math.round(performance.now() - t)} ms: ${r.files} text assets, ${kb(r.plainBytes)} plain, ${kb(r.brBytes)} brotli, ${kb(r.gzBytes)} gzip`,
  );
}
