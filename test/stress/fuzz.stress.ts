/**
 * The long route and validator fuzz (run by `npm run test:stress`, or `bun test ./test/stress/fuzz.stress.ts`):
 * the properties of test/api/fuzz-routes.test.ts with many more cases. FBE_FUZZ_RUNS sets the cases per route
 * (default 400), FBE_FUZZ_SEED replays a run, FBE_FUZZ_LOG=1 prints the answers' statuses per route.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ODD_SETTINGS, startWorld, type FuzzWorld } from "../support/fuzz-world";
import { fuzzWire } from "../support/fuzz-wire";
import { fuzzTusFlows } from "../support/fuzz-tus";
import { fuzzRaces, fuzzRoutes, fuzzTaskSocket } from "../support/fuzz-run";

const RUNS_PER_ROUTE = Number(process.env.FBE_FUZZ_RUNS) || 400;
const seed = Number(process.env.FBE_FUZZ_SEED) || Date.now() % 2_147_483_647;

let w: FuzzWorld;
beforeAll(async () => {
  w = await startWorld(RUNS_PER_ROUTE / 2 + 2);
}, 120_000);
afterAll(() => w?.server.stop());

describe("long route fuzzing", () => {
  it("answers every fuzzed request without a 5xx, a leak or a malformed error, and keeps serving", async () => {
    const started = performance.now();
    const cases = await fuzzRoutes(w, RUNS_PER_ROUTE, seed, process.env.FBE_FUZZ_LOG === "1");
    const odd = await fuzzRoutes(w, RUNS_PER_ROUTE / 4, seed + 1, process.env.FBE_FUZZ_LOG === "1", ODD_SETTINGS);
    const raced = await fuzzRaces(w, RUNS_PER_ROUTE * 2, seed, process.env.FBE_FUZZ_LOG === "1");
    const frames = await fuzzTaskSocket(w, RUNS_PER_ROUTE * 5, seed);
    const wire = await fuzzWire(w, RUNS_PER_ROUTE * 3, seed, process.env.FBE_FUZZ_LOG === "1");
    const flows = await fuzzTusFlows(w, RUNS_PER_ROUTE, seed, process.env.FBE_FUZZ_LOG === "1");
    console.log(`fuzz: ${cases + odd + raced + frames + wire + flows} cases, ${w.failures.length} failures (seed ${seed}, ${Math.round((performance.now() - started) / 1000)} s)`);
    expect(w.failures).toEqual([]);
  }, 3_600_000);
});
