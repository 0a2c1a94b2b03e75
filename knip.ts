/**
 * @module knip's configuration: the entry points of the repository, from which it reports files nothing imports and
 * exports nothing uses (`npm test` runs it, scripts/test.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { KnipConfig } from "knip";

const SERVER = fileURLToPath(new URL("src/server/", import.meta.url));

/**
 * The worker entries of the server: each `workerUrl("x/y.ts")` call names the module src/server/x/y.ts, which is
 * loaded by URL and so imported by no one (src/server/worker-url.ts). Read from the source so a moved worker stays
 * an entry.
 */
function workerEntries(): string[] {
  const found = new Set<string>();
  for (const rel of readdirSync(SERVER, { recursive: true, encoding: "utf8" })) {
    if (!rel.endsWith(".ts")) continue;
    for (const m of readFileSync(join(SERVER, rel), "utf8").matchAll(/workerUrl\(\s*"([^"]+)"\s*\)/g)) {
      found.add(`src/server/${m[1]}`);
    }
  }
  return [...found].sort();
}

const config: KnipConfig = {
  entry: [
    "src/server/main.ts",
    "src/ui/main.tsx",
    ...workerEntries(),
    "scripts/*.{ts,cjs}",
    "test/**/*.{test,e2e,stress}.ts",
    // Started as a child process by its path (test/server/db/tasks-table.test.ts).
    "test/support/claim-tasks.ts",
    // Each bench also runs alone (`bun bench/x.ts`), and some start others as child processes by path.
    "bench/*.ts",
  ],
  project: ["src/**/*.{ts,tsx}", "scripts/**/*.{ts,cjs}", "test/**/*.{ts,tsx}", "bench/**/*.ts", "*.ts"],
  // Exports used inside their own module (constants at the top of a module, types of its functions) are not dead.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // The runtime: scripts/bootstrap.cjs runs node_modules/.bin/bun.
    "bun",
    // A local stub that package.json `overrides` puts in place of a dependency's dependency.
    "brfs",
    // Installed with @playwright/test; bench/first-load.ts drives Chromium through it.
    "playwright-core",
    // sharp's libvips for linux-x64, embedded into the binary by src/server/media/preload-vips.ts.
    "@img/sharp-libvips-linux-x64",
    // Installed with @readme/openapi-parser; the OpenAPI test checks examples with its JSON Schema 2020-12 build.
    "ajv",
  ],
  // System tools the tests run; scripts/bootstrap.cjs installs them.
  ignoreBinaries: ["ffmpeg", "ffprobe", "7zz", "mktorrent", "mkfifo"],
};

export default config;
