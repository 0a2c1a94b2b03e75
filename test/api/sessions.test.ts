import { describe, expect, it } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { login, serverCommand } from "../support/server";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, putUser } from "../support/factories";

const ctx = serverInProcess();

/** Status of a plain authenticated read with `token`. */
async function readStatus(token: string): Promise<number> {
  return (await call(ctx.server, token, "GET", "/resources/")).status;
}

describe("sessions end at once", () => {
  it("when the user changes their password: other sessions are refused, the changing one and later logins work", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { create: true } });
    const other = await login(ctx.server, u.username, u.password);
    expect(await readStatus(other)).toBe(200);
    const res = await putUser(ctx.server, u.token, u.id, ["password"], {
      password: "the-new-password-42",
      currentPassword: u.password,
    });
    expect(res.status).toBe(200);
    expect(await readStatus(other)).toBe(401);
    expect(await readStatus(u.token)).toBe(200);
    const after = await login(ctx.server, u.username, "the-new-password-42");
    expect(await readStatus(after)).toBe(200);
  });

  it("when an admin changes a user's password: every session of that user is refused", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["password"], { password: "set-by-the-admin-1" })).status).toBe(
      200,
    );
    expect(await readStatus(u.token)).toBe(401);
    expect(await readStatus(await login(ctx.server, u.username, "set-by-the-admin-1"))).toBe(200);
    expect(await readStatus(ctx.admin)).toBe(200);
  });

  it("when the user is deleted", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect(await readStatus(u.token)).toBe(200);
    expect((await call(ctx.server, ctx.admin, "DELETE", `/users/${u.id}`)).status).toBe(200);
    expect(await readStatus(u.token)).toBe(401);
  });

  it("when a permission is removed or the scope changes, while a change of language keeps them", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    expect((await putUser(ctx.server, ctx.admin, u.id, ["locale"], { locale: "ja" })).status).toBe(200);
    expect(await readStatus(u.token)).toBe(200);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["perm"], { perm: { download: false } })).status).toBe(200);
    expect(await readStatus(u.token)).toBe(401);
    const again = await login(ctx.server, u.username, u.password);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["scope"], { scope: "/elsewhere" })).status).toBe(200);
    expect(await readStatus(again)).toBe(401);
  });

  it("on logout, for that session only", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const phone = await login(ctx.server, u.username, u.password);
    expect((await call(ctx.server, u.token, "POST", "/logout")).status).toBe(200);
    expect(await readStatus(u.token)).toBe(401);
    expect(await readStatus(phone)).toBe(200);
  });

  it("for every other session on 'log out other sessions', keeping the one that asked", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const a = await login(ctx.server, u.username, u.password);
    const b = await login(ctx.server, u.username, u.password);
    const res = await call(ctx.server, u.token, "POST", "/logout?others=true");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    expect(await readStatus(a)).toBe(401);
    expect(await readStatus(b)).toBe(401);
    expect(await readStatus(u.token)).toBe(200);
  });

  it("and /api/renew refuses a token of an ended session, while it renews a live one", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const live = await call(ctx.server, u.token, "POST", "/renew");
    expect(live.status).toBe(200);
    const renewed = await live.text();
    expect(await readStatus(renewed)).toBe(200);
    await call(ctx.server, u.token, "POST", "/logout");
    expect((await call(ctx.server, u.token, "POST", "/renew")).status).toBe(401);
    // The renewed token belonged to the same session, so it ended too.
    expect(await readStatus(renewed)).toBe(401);
  });

  it("when the CLI changes the password while the server runs (another process writing the store)", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const [cmd, ...pre] = serverCommand();
    const r = spawnSync(
      cmd,
      [
        ...pre,
        "users",
        "update",
        u.username,
        "--password",
        "changed-by-the-cli-7",
        "-d",
        join(ctx.server.home, "fbe.db"),
      ],
      { encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    // The cache asks SQLite for outside changes at most once a second.
    await Bun.sleep(1100);
    expect(await readStatus(u.token)).toBe(401);
    expect(await readStatus(await login(ctx.server, u.username, "changed-by-the-cli-7"))).toBe(200);
  });

  it("refuse a token without a session id, as issued before sessions existed", async () => {
    const { Database } = await import("bun:sqlite");
    const { sign } = await import("hono/jwt");
    const db = new Database(join(ctx.server.home, "fbe.db"), { readonly: true });
    const secret = JSON.parse(
      (db.query("SELECT value FROM settings WHERE key = 'jwtSecret'").get() as { value: string }).value,
    );
    db.close();
    const now = Math.floor(Date.now() / 1000);
    const old = await sign(
      { user: { id: 1 }, iat: now, exp: now + 3600, iss: "File Browser Enhanced" },
      secret,
      "HS256",
    );
    expect(await readStatus(old)).toBe(401);
  });
});
