/**
 * Property-based fuzzing of the settings and users validators through HTTP: every field of PUT /api/settings
 * (settings/schema.ts, docs/product.md "Settings ranges") and of the users API (create, an admin's change, a user's own
 * profile, open signup) gets out-of-range values, and each must answer 400 with a message naming the field;
 * nothing of it may be stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import fc from "fast-check";
import { call, makeUser, putSettings, type TestUser } from "../support/factories";
import {
  BAD_USER_FIELDS,
  notOfType,
  notOneOf,
  outOfRangeInteger,
  outOfRangeSetting,
} from "../support/fuzz-out-of-range";
import { SETTINGS_FIELDS, type FieldSpec, type SectionSpec } from "../../src/server/settings/schema";
import { SELF_FIELDS, USER_FIELDS } from "../../src/server/users/user-changes";
import { SHARE_EXPIRES_MAX, SHARE_UNITS } from "../../src/shared/wire/share";
import { SHARE_DOWNLOAD_LIMIT_MAX } from "../../src/shared/wire/share";

/** Cases per field: about 110 fields and forms, the whole file in about 10 s. */
const RUNS = Number(process.env.FBE_FUZZ_VALIDATOR_RUNS) || 40;
const seed = Number(process.env.FBE_FUZZ_SEED) || Date.now() % 2_147_483_647;
const PASSWORD = "a-valid-password-123";

const ctx = serverInProcess();
let user: TestUser;
let victim: TestUser;
let baseline: Record<string, unknown>;
let cases = 0;
/** Failures of the running test (each test checks its own); `failed` counts them over the file. */
let failures: string[] = [];
let failed = 0;

beforeAll(async () => {
  [user, victim] = await Promise.all([makeUser(ctx.server, ctx.admin), makeUser(ctx.server, ctx.admin)]);
  baseline = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as Record<string, unknown>;
}, 60_000);
afterAll(async () => {
  console.log(`fuzz: ${cases} cases, ${failed} failures (seed ${seed})`);
  await ctx.server?.stop();
});

/** Starts a test's own failure list. */
function beginTest(): void {
  failures = [];
}

/** Counts the test's failures for the summary line and asserts there are none. */
function endTest(): void {
  failed += failures.length;
  expect(failures).toEqual([]);
}

/** One validated field: its name as the message must give it, its bad values, and the request carrying one. */
interface Target {
  name: string;
  bad: fc.Arbitrary<unknown>;
  send: (value: unknown, variant: boolean) => Promise<Response>;
}

let serial = 0;
const freshName = () => `fz${Date.now().toString(36)}${++serial}`;

/** `base` with `patch` laid over it, section by section. */
function overlay(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(base);
  for (const [k, v] of Object.entries(patch)) {
    const b = out[k];
    const value =
      v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object" && !Array.isArray(b)
        ? overlay(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
    // Defined, not assigned: a "__proto__" key stays an own key (assigning it would set the prototype and vanish).
    Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Every settings field, section and defaults field; `variant` sends the whole settings object around the bad value. */
function settingsTargets(): Target[] {
  const put = (patch: Record<string, unknown>, whole: boolean) =>
    call(ctx.server, ctx.admin, "PUT", "/settings", whole ? overlay(baseline, patch) : patch);
  const out: Target[] = [];
  const add = (name: string, bad: fc.Arbitrary<unknown>, patch: (v: unknown) => Record<string, unknown>) =>
    out.push({ name, bad, send: (v, whole) => put(patch(v), whole) });
  for (const [key, spec] of Object.entries(SETTINGS_FIELDS)) {
    if (typeof spec.kind === "string") {
      add(key, outOfRangeSetting(spec as FieldSpec), (v) => ({ [key]: v }));
      if ((spec as FieldSpec).kind !== "user-defaults") continue;
      for (const [sub, bad] of Object.entries(BAD_USER_FIELDS)) {
        if (sub !== "username" && sub !== "password" && sub !== "lockPassword")
          add(`defaults.${sub}`, bad, (v) => ({ defaults: { [sub]: v } }));
      }
      continue;
    }
    add(key, notOfType("object"), (v) => ({ [key]: v }));
    for (const [field, fieldSpec] of Object.entries(spec as SectionSpec))
      add(`${key}.${field}`, outOfRangeSetting(fieldSpec), (v) => ({ [key]: { [field]: v } }));
  }
  return out;
}

/** Each user field in a creation, in an admin's change of another user, and (profile fields) in a user's own change. */
function userTargets(): Target[] {
  const out: Target[] = [];
  for (const f of USER_FIELDS) {
    const bad = BAD_USER_FIELDS[f];
    out.push({
      name: f,
      bad,
      send: (v) =>
        call(ctx.server, ctx.admin, "POST", "/users", {
          what: "user",
          which: [],
          data: { username: freshName(), password: PASSWORD, [f]: v },
        }),
    });
    // With which ["all"] an empty password means "unchanged"; name the field for passwords.
    const which = (all: boolean) => (all && f !== "password" ? ["all"] : [f]);
    out.push({
      name: f,
      bad,
      send: (v, all) =>
        call(ctx.server, ctx.admin, "PUT", `/users/${victim.id}`, {
          what: "user",
          which: which(all),
          data: { [f]: v },
        }),
    });
    if (SELF_FIELDS.includes(f))
      out.push({
        name: f,
        bad,
        send: (v, all) =>
          call(ctx.server, user.token, "PUT", `/users/${user.id}`, {
            what: "user",
            which: which(all),
            data: { [f]: v },
          }),
      });
  }
  return out;
}

/** Checks `runs` bad values of `t`: 400, the documented error text, the field named. Failures are collected. */
async function expectRefused(t: Target, label: string): Promise<void> {
  let last = "";
  try {
    await fc.assert(
      fc.asyncProperty(t.bad, fc.boolean(), async (value, variant) => {
        cases++;
        const res = await t.send(value, variant);
        const text = await res.text();
        const ok = res.status === 400 && text.startsWith("400 Bad Request (") && text.includes(t.name);
        if (!ok)
          last = `${label} ${t.name} = ${JSON.stringify(value)?.slice(0, 200)} answered ${res.status} ${text.slice(0, 200)}`;
        return ok;
      }),
      { numRuns: RUNS, seed },
    );
  } catch {
    // fast-check shrank the value first: `last` is the smallest one that failed.
    failures.push(last);
  }
}

describe("validator fuzzing", () => {
  it("refuses every out-of-range global setting with 400 naming the field, and stores none", async () => {
    beginTest();
    expect((await call(ctx.server, ctx.admin, "PUT", "/settings", baseline)).status).toBe(200);
    for (const t of settingsTargets()) await expectRefused(t, "PUT /api/settings");
    expect(await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()).toEqual(baseline);
    endTest();
  }, 120_000);

  it("refuses every out-of-range user field with 400 naming the field, and changes nobody", async () => {
    const users = async () =>
      (await (await call(ctx.server, ctx.admin, "GET", "/users")).json()) as Array<Record<string, unknown>>;
    beginTest();
    const before = await users();
    for (const t of userTargets()) await expectRefused(t, "users API");
    expect(await users()).toEqual(before);
    endTest();
  }, 120_000);

  it("refuses out-of-range signup names and passwords with 400 naming the field", async () => {
    beginTest();
    // Signups count against the per-IP and per-name attempt limits (auth/attempt-limits.ts; a bad name repeats across
    // cases): lifted so every case reaches the validator.
    await putSettings(ctx.server, ctx.admin, {
      signup: true,
      createUserDir: true,
      rateLimit: { loginPerIp: 100000, loginPerUser: 100000 },
    });
    const signup = (body: unknown) => call(ctx.server, null, "POST", "/signup", body);
    await expectRefused(
      { name: "username", bad: BAD_USER_FIELDS.username, send: (v) => signup({ username: v, password: PASSWORD }) },
      "POST /api/signup",
    );
    await expectRefused(
      { name: "password", bad: BAD_USER_FIELDS.password, send: (v) => signup({ username: freshName(), password: v }) },
      "POST /api/signup",
    );
    await putSettings(ctx.server, ctx.admin, { signup: false, createUserDir: false });
    endTest();
  }, 120_000);

  it("refuses out-of-range share options and expiries with 400 naming the field, and makes no link", async () => {
    beginTest();
    const links = async () =>
      ((await (await call(ctx.server, ctx.admin, "GET", "/shared")).json()) as unknown[]).length;
    const before = await links();
    const share = (query: string, body?: unknown) => call(ctx.server, ctx.admin, "POST", `/share/?${query}`, body);
    // null stands for "not given" in downloadLimit (no limit), so it is no wrong value there.
    const targets: Target[] = [
      { name: "password", bad: notOfType("string"), send: (v) => share("", { password: v }) },
      { name: "uploadOnly", bad: notOfType("boolean"), send: (v) => share("", { uploadOnly: v }) },
      {
        name: "downloadLimit",
        bad: fc.oneof(
          outOfRangeInteger(0, SHARE_DOWNLOAD_LIMIT_MAX).filter((v) => v !== null && typeof v !== "string"),
          notOfType("number", "null"),
        ),
        send: (v) => share("", { downloadLimit: v }),
      },
      {
        name: "expires",
        bad: outOfRangeInteger(0, SHARE_EXPIRES_MAX).map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
        send: (v) => share(new URLSearchParams({ expires: String(v), unit: "hours" }).toString()),
      },
      {
        name: "unit",
        bad: notOneOf(Object.keys(SHARE_UNITS)).map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
        send: (v) => share(new URLSearchParams({ expires: "1", unit: String(v) }).toString()),
      },
    ];
    for (const t of targets) await expectRefused(t, "POST /api/share");
    expect(await links()).toBe(before);
    endTest();
  }, 120_000);
});
