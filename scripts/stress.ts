/**
 * @module `npm run test:stress`: the long runs, every `test/stress/*.stress.ts` (named so that the `bun test` of
 * `npm test` never picks them up), then the browser tests tagged SCREENS_TAG (screenshots of whole screens at
 * every width and theme). Builds dist/fbe when stale, runs the files under Bun's runner one after the other,
 * prints one `N passed, N failed` line like scripts/test.ts, and exits non-zero on any failure. The whole run is
 * bounded: a file still running after STRESS_FILE_MAX_MS is killed and counted as failed.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { buildIfStale } from "./build";
import { SCREENS_TAG, parseBunSummary, parsePlaywrightSummary, run } from "./test";

const ROOT = join(import.meta.dir, "..");
const STRESS_DIR = join(ROOT, "test", "stress");
/** The longest one stress file may run (ms); the suite is meant to take a few minutes in all. */
const STRESS_FILE_MAX_MS = 5 * 60_000;

/** The stress files, sorted: every file in test/stress/ whose name ends in `.stress.ts`. */
export function stressFiles(dir = STRESS_DIR): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith(".stress.ts"))
    .sort();
}

/** Runs one stress file under `bun test`, output shown live; returns its counts (a crash or timeout counts one failure). */
async function runFile(name: string): Promise<{ passed: number; failed: number }> {
  const { text, code } = await run(
    [process.execPath, "test", "--timeout", String(STRESS_FILE_MAX_MS), `./test/stress/${name}`],
    {},
    STRESS_FILE_MAX_MS,
  );
  return failedWhenNoneRan(parseBunSummary(text), code);
}

/** `counts`, with one failure added when the runner exited non-zero or ran nothing yet reported none. */
function failedWhenNoneRan(
  counts: { passed: number; failed: number },
  code: number,
): { passed: number; failed: number } {
  if (counts.failed === 0 && (code !== 0 || counts.passed === 0)) counts.failed = 1;
  return counts;
}

/** Runs the browser tests tagged SCREENS_TAG under Playwright; a crash or an empty run counts one failure. */
async function runScreens(): Promise<{ passed: number; failed: number }> {
  const { text, code } = await run([join(ROOT, "node_modules", ".bin", "playwright"), "test", "--grep", SCREENS_TAG], {
    FORCE_COLOR: "0",
  });
  return failedWhenNoneRan(parsePlaywrightSummary(text), code);
}

async function main(): Promise<number> {
  await buildIfStale();
  let passed = 0;
  let failed = 0;
  for (const name of stressFiles()) {
    const started = Date.now();
    const r = await runFile(name);
    console.log(
      `[stress] ${name}: ${r.passed} passed, ${r.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    passed += r.passed;
    failed += r.failed;
  }
  const started = Date.now();
  const screens = await runScreens();
  console.log(
    `[stress] browser tests tagged ${SCREENS_TAG}: ${screens.passed} passed, ${screens.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  passed += screens.passed;
  failed += screens.failed;
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

if (import.meta.main) process.exit(await main());
