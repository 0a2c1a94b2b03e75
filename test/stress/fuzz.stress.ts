/**
 * The long route fuzz (run by `npm run test:stress`, or `bun test ./test/stress/fuzz.stress.ts`): the properties
 * of test/api/fuzz-routes.test.ts with many more cases. FBE_FUZZ_RUNS sets the cases per route (default 400; the
 * races, frames, raw requests and tus uploads scale with it), FBE_FUZZ_SEED replays a run, FBE_FUZZ_LOG=1 prints
 * the answers' statuses per route. About 2 minutes at the default on 2 cores.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ODD_SETTINGS, startWorld, type FuzzWorld } from "../support/fuzz-world";
import { fuzzWire } from "../support/fuzz-wire";
import { fuzzTusFlows } from "../support/fuzz-tus";
import { fuzzCommandSocket } from "../support/fuzz-command";
import { fuzzRaces, fuzzRoutes, fuzzTaskSocket } from "../support/fuzz-run";

const RUNS = Number(process.env.FBE_FUZZ_RUNS) || 400;
const seed = Number(process.env.FBE_FUZZ_SEED) || Date.now() % 2_147_483_647;
const log = process.env.FBE_FUZZ_LOG === "1";

let w: FuzzWorld;
beforeAll(async () => {
  // A third of the logout cases spend a session of the pool (a login each, argon2: the slow part of the setup).
  w = await startWorld(Math.ceil(RUNS / 3) + 8);
}, 300_000);
afterAll(() => w?.server.stop());

describe("long route fuzzing", () => {
  it("answers every fuzzed request without a 5xx, a leak or a malformed error, and keeps serving", async () => {
    const started = performance.now();
    // Printed first, so a run that dies midway can still be replayed with FBE_FUZZ_SEED.
    console.log(`fuzz: seed ${seed} (FBE_FUZZ_SEED replays it), ${RUNS} cases per route`);
    const cases = [
      await fuzzRoutes(w, RUNS, seed, log),
      await fuzzRoutes(w, Math.ceil(RUNS / 4), seed + 1, log, ODD_SETTINGS),
      await fuzzRaces(w, RUNS * 2, seed, log),
      await fuzzTaskSocket(w, RUNS * 5, seed),
      await fuzzWire(w, RUNS * 3, seed, log),
      await fuzzTusFlows(w, RUNS, seed, log),
      // Last: it lets the admin run echo.
      await fuzzCommandSocket(w, RUNS, seed, log),
    ].reduce((a, b) => a + b, 0);
    console.log(
      `fuzz: ${cases} cases, ${w.failures.length} failures (seed ${seed}, ${Math.round((performance.now() - started) / 1000)} s)`,
    );
    expect(w.failures).toEqual([]);
  }, 3_600_000);
});
