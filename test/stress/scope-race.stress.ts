/**
 * The scope-escape race at length (npm run test:stress): a folder of a user's scope is exchanged with a symlink out
 * of the scope hundreds of thousands of times while reads, text previews, checksums, listings, archives, overwrites,
 * creates, copies and deletes use it (test/support/scope-race.ts). Nothing may leak, either way.
 * FBE_STRESS_RACE_SECONDS sets the length (default 30).
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { TestServer } from "../support/server";
import { runScopeRace, startRaceServer } from "../support/scope-race";

const SECONDS = Number(process.env.FBE_STRESS_RACE_SECONDS ?? 30);
let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await startRaceServer());
});

afterAll(() => server.stop());

describe(`${SECONDS} s of a folder exchanged with a link out of the scope`, () => {
  it(
    "leaks nothing: no byte, name or checksum from outside, no file outside written, created or removed",
    async () => {
      const t = await runScopeRace(server, token, SECONDS * 1000, 6);
      console.log(
        `scope race: ${t.swaps} exchanges, ${t.requests} requests ${JSON.stringify(t.statuses)}, ${t.readLeaks} read leaks, ${t.writeLeaks} write leaks`,
      );
      expect(t.swaps).toBeGreaterThan(10_000);
      expect({
        readLeaks: t.readLeaks,
        writeLeaks: t.writeLeaks,
        leakedBy: t.leakedBy,
        errors: t.statuses[500] ?? 0,
      }).toEqual({ readLeaks: 0, writeLeaks: 0, leakedBy: {}, errors: 0 });
    },
    (SECONDS + 60) * 1000,
  );
});
