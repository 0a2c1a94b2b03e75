/**
 * @module `npm test`: runs Biome and knip, builds dist/fbe when stale, runs Bun's runner (unit and API tests under test/) beside
 * Playwright's runner (browser tests, test/e2e/*.e2e.ts, but those tagged SCREENS_TAG), then prints one combined
 * `N passed, N failed` line (neither runner prints it) and exits non-zero on any failure.
 */
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { join } from "node:path";
import { buildIfStale } from "./build";

const ROOT = join(import.meta.dir, "..");

/** Per-test limit of the Bun tests (ms): API tests start servers and run real tools on a 2-core machine. */
const BUN_TEST_TIMEOUT_MS = 60_000;

/** The memory file system the test runs keep their temp folders on, when the machine has one. */
const MEMORY_FS = "/dev/shm";
/** The least free space (bytes) MEMORY_FS needs for the test runs to use it: the suite's files peak far below. */
const MEMORY_FS_MIN_FREE_BYTES = 4 * 1024 ** 3;

/**
 * A fresh folder on MEMORY_FS for the runners' temp folders (their TMPDIR), or undefined when MEMORY_FS is missing,
 * not writable or has less than MEMORY_FS_MIN_FREE_BYTES free (the system's temp folder is used then). The tests make
 * and remove tens of thousands of small files and hundreds of SQLite stores, and on a journalled disk busy with the
 * suite's own writes each new file cost up to 1.3 ms: 60,000 empty files took 80 s on this machine's ext4 and 0.8 s
 * on its tmpfs. The caller removes the folder.
 */
function memoryTempDir(): string | undefined {
  try {
    const fs = statfsSync(MEMORY_FS);
    if (fs.bavail * fs.bsize < MEMORY_FS_MIN_FREE_BYTES) return undefined;
    return mkdtempSync(join(MEMORY_FS, "fbe-npm-test-"));
  } catch {
    return undefined;
  }
}

/** The Playwright tag of the browser tests that take screenshots of whole screens, run by `npm run test:stress`. */
export const SCREENS_TAG = "@screens";

interface RunResult {
  passed: number;
  failed: number;
  code: number;
}

/**
 * Runs a command in the repo with output shown live (unless `live` is false) and captured; returns the captured text
 * and exit code. `timeoutMs` (when given) kills it with SIGKILL after that long.
 */
export async function run(
  cmd: string[],
  env: Record<string, string> = {},
  timeoutMs?: number,
  live = true,
): Promise<{ text: string; code: number }> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const s = decoder.decode(chunk, { stream: true });
      text += s;
      if (live) sink.write(s);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  clearTimeout(timer);
  return { text, code };
}

/** Bun prints " N pass" and " N fail" lines. */
export function parseBunSummary(text: string): { passed: number; failed: number } {
  const num = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  return { passed: num(/^\s*(\d+) pass$/m), failed: num(/^\s*(\d+) fail$/m) };
}

/** Playwright's list reporter prints "N passed (…)", "N failed", "N flaky". Flaky counts as passed. */
export function parsePlaywrightSummary(text: string): { passed: number; failed: number } {
  const num = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  return { passed: num(/^\s*(\d+) passed/m) + num(/^\s*(\d+) flaky/m), failed: num(/^\s*(\d+) failed/m) };
}

/**
 * The lines of Bun's output that name a failed test (`(fail) file > name [ms]`), in order and without repeats.
 * They are printed again beside the combined summary so a log's tail names what failed.
 */
export function bunFailureLines(text: string): string[] {
  return [...new Set(text.split("\n").filter((l) => l.startsWith("(fail) ")))];
}

const BIN = join(ROOT, "node_modules", ".bin");

/**
 * The static checks `npm test` runs before the test runners, as [name, command]: each counts as one check of the
 * combined summary, passed when the command exits 0. `biome ci` checks the format and the lint rules of
 * biome.jsonc and fails on warnings too; knip reports unused files, exports and dependencies (knip.ts).
 */
const STATIC_CHECKS: [string, string[]][] = [
  ["biome ci", [join(BIN, "biome"), "ci", "--error-on-warnings", "--colors=off", "."]],
  ["knip", [join(BIN, "knip"), "--no-progress"]],
];

/** Runs STATIC_CHECKS one after the other: one result each, and the names (with their time) of those that failed. */
export async function runStaticChecks(): Promise<{ results: RunResult[]; failed: string[] }> {
  const results: RunResult[] = [];
  const failed: string[] = [];
  for (const [name, cmd] of STATIC_CHECKS) {
    const started = performance.now();
    const { code } = await run(cmd, { NO_COLOR: "1" });
    const took = `${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`;
    console.log(`${code === 0 ? "ok" : "FAILED"}: ${took}`);
    results.push({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, code });
    if (code !== 0) failed.push(took);
  }
  return { results, failed };
}

async function main(): Promise<number> {
  const checks = await runStaticChecks();
  await buildIfStale();
  const results: RunResult[] = [...checks.results];
  const tmp = memoryTempDir();
  // Hundreds of servers and logins: argon2id at its least memory (about 3 ms a hash instead of 130 ms of a core).
  const runEnv: Record<string, string> = { FBE_PASSWORD_MEMORY_KIB: "1024", ...(tmp ? { TMPDIR: tmp } : {}) };
  console.log(`temp folders: ${tmp ?? "the system's"}`);
  // The two runners run side by side: both spend much of their time waiting on servers, tools and the browser.
  // Bun's output is held and printed whole once both ended, so the two never interleave.
  // Bun reads no per-test timeout from bunfig.toml (measured with Bun 1.4.5: 5 s applied), so it is given here.
  const bunRun = run([process.execPath, "test", "--timeout", String(BUN_TEST_TIMEOUT_MS)], runEnv, undefined, false);
  // Browser tests tagged SCREENS_TAG (screenshots at every width and theme) run with the long ones (scripts/stress.ts).
  const pw = await run([join(ROOT, "node_modules", ".bin", "playwright"), "test", "--grep-invert", SCREENS_TAG], {
    FORCE_COLOR: "0",
    ...runEnv,
  });
  const bun = await bunRun;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  console.log(`\nBun's tests (run beside the browser tests):\n${bun.text}`);
  results.push({ ...parseBunSummary(bun.text), code: bun.code });
  results.push({ ...parsePlaywrightSummary(pw.text), code: pw.code });
  const passed = results.reduce((n, r) => n + r.passed, 0);
  let failed = results.reduce((n, r) => n + r.failed, 0);
  // A runner that crashed before reporting still fails the suite.
  if (failed === 0 && results.some((r) => r.code !== 0)) failed = 1;
  const bunFailures = bunFailureLines(bun.text);
  if (bunFailures.length > 0) console.log(`\nBun tests that failed:\n${bunFailures.join("\n")}`);
  if (checks.failed.length > 0) console.log(`\nStatic checks that failed:\n${checks.failed.join("\n")}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

if (import.meta.main) process.exit(await main());
