/**
 * @module Writes precompressed siblings of the built UI assets: `<file>.br` (brotli quality 11) and `<file>.gz`
 * (gzip level 9), which src/server/routes/request/static-assets.ts answers to clients that accept them.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** Extensions worth compressing: text formats. Images, fonts in woff2 and archives are compressed already. */
export const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".map",
  ".txt",
  ".xml",
  ".wasm",
  ".ttf",
  ".otf",
]);

// index.html is a template the server fills in per request (the injected config), so its siblings would never be sent.
const SKIPPED = new Set(["index.html"]);

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What precompress() wrote: the files and their bytes before and after. */
export interface PrecompressReport {
  files: number;
  plainBytes: number;
  brBytes: number;
  gzBytes: number;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` (not recursive: the UI build is flat).
 * A sibling that would not be smaller than the file is not written; the server then sends the plain file.
 */
export async function precompress(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, plainBytes: 0, brBytes: 0, gzBytes: 0 };
  const names = readdirSync(dir).filter((n) => COMPRESSIBLE.has(extname(n)) && !SKIPPED.has(n));
  // The async zlib calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    names.map(async (name) => {
      const plain = readFileSync(join(dir, name));
      const [br, gzipped] = await Promise.all([
        brotli(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gz(plain, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      report.files++;
      report.plainBytes += plain.length;
      if (br.length < plain.length) writeFileSync(join(dir, `${name}.br`), br);
      if (gzipped.length < plain.length) writeFileSync(join(dir, `${name}.gz`), gzipped);
      report.brBytes += Math.min(br.length, plain.length);
      report.gzBytes += Math.min(gzipped.length, plain.length);
    }),
  );
  return report;
}
