/**
 * Property-based fuzzing of every route (query values, JSON and raw bodies, headers), as an anonymous caller, the
 * admin, a plain user, a media token, a forged token and a cookie: never a 5xx, never a stack trace or a source
 * path in an answer, every error a short `<code> <reason>` text, and the server still serves afterwards.
 * The long version is test/stress/fuzz.stress.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ODD_SETTINGS, startWorld, type FuzzWorld } from "../support/fuzz-world";
import { fuzzWire } from "../support/fuzz-wire";
import { fuzzTusFlows } from "../support/fuzz-tus";
import { appRouteKeys, fuzzRaces, fuzzRoutes, fuzzTaskSocket } from "../support/fuzz-run";
import { fuzzedRouteKeys } from "../support/fuzz-route-table";

/** Cases per route: about 60 routes, the whole file in well under 40 s on a busy 2-core machine. */
const RUNS_PER_ROUTE = 30;
const TASK_FRAMES = 150;
/** Cases per route once more under unusual settings (ODD_SETTINGS). */
const ODD_RUNS = 8;
const RACES = 40;
const WIRE = 150;
const TUS_FLOWS = 30;
const seed = Number(process.env.FBE_FUZZ_SEED) || Date.now() % 2_147_483_647;

let w: FuzzWorld;
beforeAll(async () => {
  const started = performance.now();
  // A third of the logout cases spend a session; once the pool is empty they go without a token.
  w = await startWorld(8);
  if (process.env.FBE_FUZZ_LOG === "1") console.log(`fuzz: world ready in ${Math.round(performance.now() - started)} ms`);
}, 60_000);
afterAll(() => w?.server.stop());

describe("route fuzzing", () => {
  it("fuzzes every route the app registers, and no route the app lost", () => {
    const fuzzed = fuzzedRouteKeys();
    const registered = appRouteKeys();
    expect([...registered].filter((k) => !fuzzed.has(k))).toEqual([]);
    // The catch-all `ANY *` sends unknown verbs to any path; it is beyond the app's list on purpose.
    expect([...fuzzed].filter((k) => !registered.has(k))).toEqual(["ANY *"]);
  });

  it("answers every fuzzed request without a 5xx, a leak or a malformed error, and keeps serving", async () => {
    const t0 = performance.now();
    const lap = (what: string) => process.env.FBE_FUZZ_LOG === "1" && console.log(`fuzz: ${what} done at ${Math.round(performance.now() - t0)} ms`);
    const cases = await fuzzRoutes(w, RUNS_PER_ROUTE, seed, process.env.FBE_FUZZ_LOG === "1");
    lap("routes");
    const odd = await fuzzRoutes(w, ODD_RUNS, seed + 1, process.env.FBE_FUZZ_LOG === "1", ODD_SETTINGS);
    const raced = await fuzzRaces(w, RACES, seed, process.env.FBE_FUZZ_LOG === "1");
    lap("races");
    const frames = await fuzzTaskSocket(w, TASK_FRAMES, seed);
    lap("task frames");
    const wire = await fuzzWire(w, WIRE, seed, process.env.FBE_FUZZ_LOG === "1");
    lap("wire");
    const flows = await fuzzTusFlows(w, TUS_FLOWS, seed, process.env.FBE_FUZZ_LOG === "1");
    console.log(`fuzz: ${cases + odd + raced + frames + wire + flows} cases, ${w.failures.length} failures (seed ${seed})`);
    expect(w.failures).toEqual([]);
  }, 120_000);
});
