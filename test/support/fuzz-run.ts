/**
 * @module Runs the route fuzzer over a FuzzWorld: every route of FUZZED_ROUTES for `runs` cases each, the task
 * connection's frames, and the list of the app's registered routes the coverage test compares with. Shared by
 * the quick API test and the long stress run.
 */
import fc from "fast-check";
import type { Deps } from "../../src/server/deps";
import { createApp } from "../../src/server/app";
import { anyText, BROKEN_JSON, jsonValue } from "./fuzz-arbitraries";
import { FUZZED_ROUTES, raceRequest } from "./fuzz-route-table";
import { adminSocket, describeRequest, judge, leakIn, restoreWorld, stillServing, type FuzzWorld } from "./fuzz-world";
import { TASK_CONTROLS, TASK_KINDS } from "../../src/shared/wire/task";

/** `METHOD pattern` of every handler the app registers (middleware, registered as ALL, left out). */
export function appRouteKeys(): Set<string> {
  // Building the app only registers routes; no handler runs, so the deps it reads at build time suffice.
  const app = createApp({ config: { baseurl: "" } } as unknown as Deps);
  return new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
}

/** Failures kept per route in the report (the rest are counted). */
const SHOWN_PER_ROUTE = 3;

/**
 * Fuzzes every route with `runs` cases (seeded by `seed`), restoring the files and the settings (with `settings`
 * laid over them) before each route and checking after it that the server still serves. Problems go to
 * `w.failures`; returns the number of cases.
 */
export async function fuzzRoutes(
  w: FuzzWorld,
  runs: number,
  seed: number,
  log = false,
  settings: object = {},
): Promise<number> {
  const before = w.cases;
  for (const r of FUZZED_ROUTES) {
    await restoreWorld(w, settings);
    const started = performance.now();
    w.statuses.clear();
    let found = 0;
    await fc.assert(
      fc.asyncProperty(r.request(w), async (req) => {
        const problem = await judge(w, req);
        if (problem && found++ < SHOWN_PER_ROUTE)
          w.failures.push(`${r.method} ${r.pattern}: ${problem}\n    request: ${describeRequest(req)}`);
        return true;
      }),
      { numRuns: runs, seed },
    );
    if (found > SHOWN_PER_ROUTE) w.failures.push(`${r.method} ${r.pattern}: ${found - SHOWN_PER_ROUTE} more failures`);
    if (log)
      console.log(
        `fuzz: ${r.method} ${r.pattern}${Object.keys(settings).length ? " (odd settings)" : ""}: ${runs} cases in ${Math.round(performance.now() - started)} ms ${JSON.stringify(Object.fromEntries(w.statuses))}${found ? `, ${found} failures` : ""}`,
      );
    const dead = await stillServing(w);
    if (dead) {
      w.failures.push(`after ${r.method} ${r.pattern}: ${dead}\n${w.server.output().slice(-3000)}`);
      break;
    }
  }
  return w.cases - before;
}

/** Routes that read or change files, raced against each other by fuzzRaces. */
const RACED = /^\/api\/(resources|raw|tus|share|public\/upload)\//;

/**
 * Sends `runs` batches of 4 to 12 fuzzed file requests at once (uploads, saves, renames, copies, deletes, reads,
 * tus steps over the same few paths): races must end in a clean answer each, never a 5xx. Returns the number of
 * requests sent.
 */
export async function fuzzRaces(w: FuzzWorld, runs: number, seed: number, log = false): Promise<number> {
  const before = w.cases;
  await restoreWorld(w);
  w.statuses.clear();
  const fuzzed = fc.oneof(...FUZZED_ROUTES.filter((r) => RACED.test(r.pattern)).map((r) => r.request(w)));
  const one = fc.oneof({ weight: 3, arbitrary: raceRequest }, { weight: 1, arbitrary: fuzzed });
  let found = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(one, { minLength: 4, maxLength: 12 }), async (batch) => {
      const problems = await Promise.all(batch.map((req) => judge(w, req)));
      problems.forEach((p, i) => {
        if (p && found++ < SHOWN_PER_ROUTE)
          w.failures.push(`race of ${batch.length}: ${p}\n    request: ${describeRequest(batch[i])}`);
      });
      return true;
    }),
    { numRuns: runs, seed },
  );
  if (log) console.log(`fuzz: races: ${w.cases - before} requests ${JSON.stringify(Object.fromEntries(w.statuses))}`);
  const dead = await stillServing(w);
  if (dead) w.failures.push(`after the races: ${dead}`);
  return w.cases - before;
}

/** A text frame of the task connection: the real shape with hostile values, any JSON, or broken text. */
const taskFrame: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          Task: fc.oneof(fc.constantFrom(...TASK_KINDS, ...TASK_CONTROLS), anyText, jsonValue),
          TargetPath: fc.oneof(
            fc.constantFrom("/docs/", "/media/clip.mp4", "/a.zip", "/../etc", ""),
            anyText,
            jsonValue,
          ),
          Params: fc.oneof(
            fc.dictionary(
              fc.oneof(
                fc.constantFrom("TaskID", "Single", "Numcaps", "PieceLen", "Announces", "OutputDir", "OneTop"),
                anyText,
              ),
              fc.oneof(jsonValue, fc.integer()),
            ),
            jsonValue,
          ),
        },
        { requiredKeys: [] },
      )
      .map((m) => JSON.stringify(m)),
  },
  { weight: 1, arbitrary: jsonValue.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON) },
);

/**
 * Sends `runs` fuzzed frames on one task connection of the admin and checks every answer: never
 * `internal error` (a refusal the parser did not foresee), never a leak, and the socket stays open.
 * Returns the number of frames sent.
 */
export async function fuzzTaskSocket(w: FuzzWorld, runs: number, seed: number): Promise<number> {
  const { ws, messages, closed: closedNow } = await adminSocket(w, "/api/task");
  const frames = fc.sample(taskFrame, { numRuns: runs, seed });
  for (const frame of frames) ws.send(frame);
  // One more frame whose answer is known marks the end of the answers to the fuzzed ones.
  ws.send(JSON.stringify({ Task: "remove", Params: { TaskID: 999999999 } }));
  const deadline = Date.now() + 10_000;
  while (!messages.some((m) => m.includes("task 999999999 not found")) && !closedNow() && Date.now() < deadline)
    await Bun.sleep(20);
  ws.close();
  w.cases += frames.length;
  if (closedNow()) w.failures.push(`task connection ${closedNow()} during the fuzzed frames`);
  else if (Date.now() >= deadline) w.failures.push("task connection: no answer to the last frame within 10 s");
  for (const m of messages) {
    const leak = leakIn(m);
    if (m.includes("internal error") || leak) w.failures.push(`task connection answered ${m.slice(0, 300)}`);
  }
  return frames.length;
}
