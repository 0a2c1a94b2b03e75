import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { login } from "../support/server";
import { makeTree } from "../support/tree";
import { NO_PERM, call, makeUser, type Perm, type TestUser } from "../support/factories";

const ctx = serverInProcess();
let n = 0;

beforeAll(async () => {
  makeTree(ctx.server.root, { "a.txt": "hello", dir: { "b.txt": "inner" } });
});

type PermName = keyof typeof NO_PERM;

/** One governed call: `run` performs it as a user; `ok` is the status that means it was allowed. */
interface GovernedCall {
  name: string;
  perm: PermName;
  ok: number;
  run: (token: string) => Promise<Response>;
}

const fresh = () => `f${++n}-${Date.now()}`;
/** A new file in the root to act on; returns its name. */
const scratch = () => {
  const name = `${fresh()}.txt`;
  makeTree(ctx.server.root, { [name]: "x" });
  return name;
};

/**
 * Every call a permission governs among the routes that exist today (docs/product.md "Roles and permissions",
 * docs/interfaces.md "Other answers").
 */
const CALLS: GovernedCall[] = [
  {
    name: "POST /api/resources/{dir}/ (new folder)",
    perm: "create",
    ok: 200,
    run: (t) => call(ctx.server, t, "POST", `/resources/${fresh()}/`),
  },
  {
    name: "POST /api/resources/{file} (upload)",
    perm: "create",
    ok: 200,
    run: (t) => call(ctx.server, t, "POST", `/resources/${fresh()}.txt`, "data"),
  },
  {
    name: "DELETE /api/resources/{file}",
    perm: "delete",
    ok: 200,
    run: (t) => call(ctx.server, t, "DELETE", `/resources/${scratch()}`),
  },
  {
    name: "GET /api/raw/{file} (download)",
    perm: "download",
    ok: 200,
    run: (t) => call(ctx.server, t, "GET", "/raw/a.txt"),
  },
  {
    name: "PUT /api/resources/{file} (save)",
    perm: "modify",
    ok: 200,
    run: (t) => call(ctx.server, t, "PUT", `/resources/${scratch()}`, "saved"),
  },
  {
    name: "PATCH /api/resources/{file}?action=rename",
    perm: "rename",
    ok: 200,
    run: (t) =>
      call(
        ctx.server,
        t,
        "PATCH",
        `/resources/${scratch()}?action=rename&destination=${encodeURIComponent(`/${fresh()}.txt`)}`,
      ),
  },
  {
    name: "PATCH /api/resources/{file}?action=copy",
    perm: "create",
    ok: 200,
    run: (t) =>
      call(ctx.server, t, "PATCH", `/resources/a.txt?action=copy&destination=${encodeURIComponent(`/${fresh()}.txt`)}`),
  },
  {
    name: "PATCH /api/resources/{file}?action=chmod",
    perm: "modify",
    ok: 200,
    run: (t) => call(ctx.server, t, "PATCH", `/resources/${scratch()}?action=chmod&mode=644`),
  },
  {
    name: "PATCH /api/resources/{file}?action=passwdrename",
    perm: "rename",
    ok: 200,
    run: (t) => call(ctx.server, t, "PATCH", `/resources/${scratch()}?action=passwdrename&password=pw`),
  },
  {
    name: "GET /api/resources/{file}?checksum=md5",
    perm: "download",
    ok: 200,
    run: (t) => call(ctx.server, t, "GET", "/resources/a.txt?checksum=md5"),
  },
  {
    name: "GET /api/raw/{dir}/?algo=zip (archive)",
    perm: "download",
    ok: 200,
    run: (t) => call(ctx.server, t, "GET", "/raw/?algo=zip"),
  },
  {
    name: "GET /api/raw/?files=...&algo=tar (archive of a selection)",
    perm: "download",
    ok: 200,
    run: (t) => call(ctx.server, t, "GET", `/raw/?files=${encodeURIComponent(encodeURIComponent("/a.txt"))}&algo=tar`),
  },
  {
    name: "GET /api/share/{file} (its links)",
    perm: "share",
    ok: 200,
    run: (t) => call(ctx.server, t, "GET", "/share/a.txt"),
  },
  { name: "GET /api/shared (every link)", perm: "admin", ok: 200, run: (t) => call(ctx.server, t, "GET", "/shared") },
  { name: "GET /api/users", perm: "admin", ok: 200, run: (t) => call(ctx.server, t, "GET", "/users") },
  {
    name: "POST /api/users",
    perm: "admin",
    ok: 201,
    run: (t) =>
      call(ctx.server, t, "POST", "/users", {
        what: "user",
        which: [],
        data: { username: fresh(), password: "a-long-password-123" },
      }),
  },
  { name: "DELETE /api/users/{id}", perm: "admin", ok: 404, run: (t) => call(ctx.server, t, "DELETE", "/users/99999") },
  { name: "GET /api/settings", perm: "admin", ok: 200, run: (t) => call(ctx.server, t, "GET", "/settings") },
  {
    name: "PUT /api/settings",
    perm: "admin",
    ok: 200,
    run: (t) => call(ctx.server, t, "PUT", "/settings", { branding: { name: "" } }),
  },
  { name: "GET /api/logs", perm: "admin", ok: 200, run: (t) => call(ctx.server, t, "GET", "/logs") },
  {
    name: "DELETE /api/logs?ip=",
    perm: "admin",
    ok: 404,
    run: (t) => call(ctx.server, t, "DELETE", "/logs?ip=203.0.113.9"),
  },
];

const users = new Map<string, TestUser>();
/** A user holding only `perm`, or every permission but `perm` (and admin). */
async function userFor(perm: PermName, holds: boolean): Promise<TestUser> {
  const key = `${perm}:${holds}`;
  if (!users.has(key)) {
    const flags: Perm = holds
      ? { ...NO_PERM, [perm]: true }
      : { ...Object.fromEntries(Object.keys(NO_PERM).map((p) => [p, true])), admin: false, [perm]: false };
    users.set(key, await makeUser(ctx.server, ctx.admin, { perm: flags }));
  }
  return users.get(key)!;
}

describe("the permission matrix", () => {
  for (const c of CALLS) {
    it(`answers 403 to ${c.name} for a user without ${c.perm}, even holding every other permission`, async () => {
      const u = await userFor(c.perm, false);
      const res = await c.run(u.token);
      expect(res.status).toBe(403);
      expect(await res.text()).toStartWith("403 Forbidden");
    });

    it(`allows ${c.name} for a user with ${c.perm}`, async () => {
      const u = await userFor(c.perm, true);
      expect((await c.run(u.token)).status).toBe(c.ok);
    });

    it(`allows ${c.name} for an admin, who holds every permission`, async () => {
      expect((await c.run(ctx.admin)).status).toBe(c.ok);
    });
  }
});

describe("permissions that govern no call alone", () => {
  it("make a share link need both share and download", async () => {
    const onlyShare = await makeUser(ctx.server, ctx.admin, { perm: { share: true } });
    const onlyDownload = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    const both = await makeUser(ctx.server, ctx.admin, { perm: { share: true, download: true } });
    expect((await call(ctx.server, onlyShare.token, "POST", "/share/a.txt?expires=1&unit=hours")).status).toBe(403);
    expect((await call(ctx.server, onlyDownload.token, "POST", "/share/a.txt?expires=1&unit=hours")).status).toBe(403);
    expect((await call(ctx.server, both.token, "POST", "/share/a.txt?expires=1&unit=hours")).status).toBe(200);
  });

  it("keep a user without download from a file's own bytes inline too, but not from its text preview", async () => {
    const u = await userFor("download", false);
    expect((await call(ctx.server, u.token, "GET", "/raw/a.txt?inline=true")).status).toBe(403);
    expect((await call(ctx.server, u.token, "GET", "/resources/a.txt")).status).toBe(200);
  });

  it("store the publish flag with the user", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { publish: true } });
    const res = await call(ctx.server, ctx.admin, "GET", `/users/${u.id}`);
    expect(((await res.json()) as { perm: Perm }).perm).toEqual({ ...NO_PERM, publish: true });
  });

  it("take effect at once when an admin changes them: the old session ends and a new login holds the new permissions", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { create: true } });
    expect((await call(ctx.server, u.token, "POST", `/resources/${fresh()}/`)).status).toBe(200);
    await call(ctx.server, ctx.admin, "PUT", `/users/${u.id}`, {
      what: "user",
      which: ["perm"],
      data: { perm: NO_PERM },
    });
    expect((await call(ctx.server, u.token, "POST", `/resources/${fresh()}/`)).status).toBe(401);
    const again = await login(ctx.server, u.username, u.password);
    expect((await call(ctx.server, again, "POST", `/resources/${fresh()}/`)).status).toBe(403);
  });
});
