/**
 * Property-based fuzzing of every route (query values, JSON and raw bodies, headers), as an anonymous caller, the
 * admin, a plain user, a media token, a forged token and a cookie, under the settings of a fresh install and again
 * under unusual ones; then races of file operations over the same paths, the task connection's frames, raw HTTP
 * bytes, whole tus uploads and command lines. Never a 5xx, never a stack trace or a source path in an answer, every error a short
 * `<code> <reason>` text, no crash sign in the server's log, and the server still serves afterwards.
 * The long version is test/stress/fuzz.stress.ts; FBE_FUZZ_SEED replays a run, FBE_FUZZ_LOG=1 shows the statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ODD_SETTINGS, startWorld, type FuzzWorld } from "../support/fuzz-world";
import { fuzzWire } from "../support/fuzz-wire";
import { fuzzTusFlows } from "../support/fuzz-tus";
import { fuzzCommandSocket } from "../support/fuzz-command";
import { appRouteKeys, fuzzRaces, fuzzRoutes, fuzzTaskSocket } from "../support/fuzz-run";
import { fuzzedRouteKeys } from "../support/fuzz-route-table";

/** Cases per route (about 60 routes); with the rest the file takes 10-20 s on a busy 2-core machine. */
const RUNS_PER_ROUTE = 30;
/** Cases per route once more under unusual settings (ODD_SETTINGS). */
const ODD_RUNS = 8;
const RACES = 40;
const TASK_FRAMES = 150;
const WIRE = 150;
const TUS_FLOWS = 30;
const COMMAND_LINES = 100;
const seed = Number(process.env.FBE_FUZZ_SEED) || Date.now() % 2_147_483_647;
const log = process.env.FBE_FUZZ_LOG === "1";

let w: FuzzWorld;
beforeAll(async () => {
  // A third of the logout cases spend a session; once the pool is empty they go without a token.
  w = await startWorld(8);
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
    const cases = [
      await fuzzRoutes(w, RUNS_PER_ROUTE, seed, log),
      await fuzzRoutes(w, ODD_RUNS, seed + 1, log, ODD_SETTINGS),
      await fuzzRaces(w, RACES, seed, log),
      await fuzzTaskSocket(w, TASK_FRAMES, seed),
      await fuzzWire(w, WIRE, seed, log),
      await fuzzTusFlows(w, TUS_FLOWS, seed, log),
      // Last: it lets the admin run echo.
      await fuzzCommandSocket(w, COMMAND_LINES, seed, log),
    ].reduce((a, b) => a + b, 0);
    console.log(`fuzz: ${cases} cases, ${w.failures.length} failures (seed ${seed})`);
    expect(w.failures).toEqual([]);
  }, 120_000);
});
