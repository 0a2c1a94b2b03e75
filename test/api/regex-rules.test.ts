import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, makeUser, putSettings, putUser } from "../support/factories";

const ctx = serverInProcess();

const denyRegex = (raw: string) => ({ allow: false, path: "", regex: true, regexp: { raw } });
/** A name that makes a backtracking engine try about 2^29 ways to match `(a+)+$` (seconds), RE2 one pass. */
const BACKTRACKING_NAME = `${"a".repeat(29)}!`;
/** What one listing may take at most; a backtracking engine needs seconds for the name above. */
const LISTING_BUDGET_MS = 400;

beforeAll(async () => {
  makeTree(ctx.server.root, { [BACKTRACKING_NAME]: "x", "aaa": "hidden by the rule", "b.txt": "b" });
});

/** Lists "/" as `token`, returning the names and how long the answer took (ms). */
async function timedListing(token: string): Promise<{ names: string[]; ms: number }> {
  const started = performance.now();
  const res = await call(ctx.server, token, "GET", "/resources/");
  expect(res.status).toBe(200);
  const names = ((await res.json()) as { items: { name: string }[] }).items.map((i) => i.name).sort();
  return { names, ms: performance.now() - started };
}

describe("regex rules run on a linear-time engine", () => {
  it("a user rule (a+)+$ judges a long name in milliseconds and still hides what it matches", async () => {
    const user = await makeUser(ctx.server, ctx.admin, { rules: [denyRegex("(a+)+$")] });
    await timedListing(user.token);
    const { names, ms } = await timedListing(user.token);
    expect(names).toEqual([BACKTRACKING_NAME, "b.txt"]);
    expect(ms).toBeLessThan(LISTING_BUDGET_MS);
  });

  it("a global rule (a+)+$ does too, for every user", async () => {
    await putSettings(ctx.server, ctx.admin, { rules: [denyRegex("(a+)+$")] });
    try {
      const { names, ms } = await timedListing(ctx.admin);
      expect(names).toEqual([BACKTRACKING_NAME, "b.txt"]);
      expect(ms).toBeLessThan(LISTING_BUDGET_MS);
    } finally {
      await putSettings(ctx.server, ctx.admin, { rules: [] });
    }
  });

  it("refuses saving a rule only a backtracking engine can run, as a user rule and as a global rule, with 400 naming it", async () => {
    const reason = "uses lookaround, a back-reference or a repeat count over 1000, which rules do not support";
    const global = await call(ctx.server, ctx.admin, "PUT", "/settings", {
      rules: [denyRegex("\\.key$"), denyRegex("^/(?!public)")],
    });
    expect(global.status).toBe(400);
    expect(await global.text()).toBe(`400 Bad Request (rules[1].regexp.raw ${reason})`);
    const user = await makeUser(ctx.server, ctx.admin);
    const own = await putUser(ctx.server, ctx.admin, user.id, ["rules"], { rules: [denyRegex("(a)\\1")] });
    expect(own.status).toBe(400);
    expect(await own.text()).toBe(`400 Bad Request (rules[0].regexp.raw ${reason})`);
    const created = await call(ctx.server, ctx.admin, "POST", "/users", {
      what: "user",
      which: [],
      data: { username: `re-${Date.now()}`, password: "a-long-password-123", rules: [denyRegex("(?<=x)y")] },
    });
    expect(created.status).toBe(400);
    const defaults = await call(ctx.server, ctx.admin, "PUT", "/settings", {
      defaults: { rules: [denyRegex("x{2000}")] },
    });
    expect(defaults.status).toBe(400);
    expect(await defaults.text()).toBe(`400 Bad Request (defaults.rules[0].regexp.raw ${reason})`);
  });
});
