/**
 * Search hits and links: a link the listing leaves out is no search hit either (docs/security.md "Paths and races").
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeUser } from "../support/factories";

const root = mkdtempSync(join(tmpdir(), "fbe-search-links-"));
let token: string;

// The tree is there before the server starts, so its first index walk holds it.
beforeAll(() => {
  const bob = join(root, "bob");
  mkdirSync(join(bob, "sub"), { recursive: true });
  writeFileSync(join(bob, "sub", "mine.txt"), "mine");
  writeFileSync(join(root, "secret.txt"), "secret");
  symlinkSync(join(root, "secret.txt"), join(bob, "linked-out.txt"));
  symlinkSync("sub/mine.txt", join(bob, "linked-in.txt"));
  symlinkSync("nowhere.txt", join(bob, "linked-dangling.txt"));
});
const ctx = serverInProcess({ root });
beforeAll(async () => {
  token = (await makeUser(ctx.server, ctx.admin, { scope: "/bob", perm: { download: true } })).token;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function names(path: string): Promise<{ state: string; names: string[] }> {
  const res = await fetch(`${ctx.server.url}${path}`, { headers: { "X-Auth": token } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { path?: string; name?: string; items?: { name: string }[] } | { path: string }[];
  const list = Array.isArray(body) ? body.map((h) => h.path) : (body.items ?? []).map((i) => i.name);
  return { state: res.headers.get("X-Search-Index") ?? "", names: list.sort() };
}

describe("links in search hits", () => {
  it("finds only the links the listing shows, from the live walk and from the index", async () => {
    expect((await names("/api/resources/")).names).toEqual(["linked-in.txt", "sub"]);
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const { state, names: hits } = await names(`/api/search/?query=${encodeURIComponent("linked")}`);
      // While the index is still being built the answer comes from the live walk; both leave the links out alike.
      expect(`${state}: ${hits.join(",")}`).toBe(`${state}: linked-in.txt`);
      seen.add(state);
      if (state === "ready") break;
      await Bun.sleep(100);
    }
    expect(seen.has("ready")).toBe(true);
  }, 30_000);
});
