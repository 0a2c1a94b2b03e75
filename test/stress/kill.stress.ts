/**
 * Many-round fault injection (npm run test:stress): every operation of kill-scenarios.ts is SIGKILLed at random
 * moments, FBE_STRESS_KILL_ROUNDS times each (default 10), with a restart and the full checks after every kill;
 * then a storm of concurrent uploads fills a small tmpfs root. Prints the kills sent and the states they left.
 */
import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sevenZip } from "../support/archives";
import { killScenarios, runKillRounds } from "../support/kill-scenarios";
import { uploadStorm } from "../support/disk-storm";

sevenZip();
const ROUNDS = Number(process.env.FBE_STRESS_KILL_ROUNDS ?? 10);
const homes: string[] = [];
const summary: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
  console.log(`kill rounds:\n${summary.join("\n")}`);
});

describe(`${ROUNDS} SIGKILLs at random moments of each operation`, () => {
  for (const scenario of killScenarios()) {
    it(
      `${scenario.name}: nothing partial, originals intact, store whole after every restart`,
      async () => {
        const home = mkdtempSync(join(tmpdir(), `fbe-stress-${scenario.name}-`));
        homes.push(home);
        const t = await runKillRounds(scenario, home, ROUNDS);
        summary.push(`  ${scenario.name}: ${t.kills} kills, 0 corruptions, ${JSON.stringify(t.outcomes)}`);
        expect(t.kills).toBe(ROUNDS);
      },
      40_000 + ROUNDS * 8_000,
    );
  }
});

describe("a storm of concurrent uploads onto a small disk", () => {
  it("answers each 200 with the whole file or 507 with nothing, and leaves no temp file", async () => {
    const { home, statuses } = await uploadStorm(10);
    homes.push(home);
    expect(statuses[507] ?? 0).toBeGreaterThan(0);
    summary.push(
      `  full-disk storm: 40 uploads, answers ${JSON.stringify(statuses)}, 0 corruptions, 0 temp files left`,
    );
  }, 60_000);
});
