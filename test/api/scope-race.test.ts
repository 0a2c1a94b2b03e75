/**
 * A folder swapped for a symlink out of the scope while requests use it (docs/security.md "Paths and races"): a short
 * run in the normal suite; test/stress/scope-race.stress.ts runs it for thousands of swaps.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { TestServer } from "../support/server";
import { runScopeRace, startRaceServer } from "../support/scope-race";

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await startRaceServer());
});

afterAll(() => server.stop());

describe("a folder swapped for a link out of the scope while it is used", () => {
  it("never lets a read, a listing, an archive, an overwrite, a create, a copy, a chmod or a delete reach outside the scope", async () => {
    const t = await runScopeRace(server, token, 3_000, 3);
    console.log(`scope race: ${JSON.stringify(t)}`);
    expect(t.swaps).toBeGreaterThan(100);
    expect(t.requests).toBeGreaterThan(50);
    expect({
      readLeaks: t.readLeaks,
      writeLeaks: t.writeLeaks,
      leakedBy: t.leakedBy,
      errors: t.statuses[500] ?? 0,
    }).toEqual({ readLeaks: 0, writeLeaks: 0, leakedBy: {}, errors: 0 });
  }, 30_000);
});
