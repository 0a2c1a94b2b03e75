/**
 * The sessions a user can see and end (GET/DELETE /api/users/{id}/sessions[/{handle}]): last use, client IP and
 * browser per login, the current one marked; the user or an admin may revoke one or all, nobody else.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, putSettings } from "../support/factories";

const ctx = serverInProcess();
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface Listed {
  id: string;
  createdAt: number;
  lastUsedAt: number;
  expiresAt: number;
  ip: string;
  userAgent: string;
  current: boolean;
}

beforeAll(() => putSettings(ctx.server, ctx.admin, { trustProxy: true }));

/** Logs `username` in from `ip` with browser `ua`; returns the token. */
async function loginFrom(username: string, password: string, ip: string, ua: string): Promise<string> {
  const res = await call(
    ctx.server,
    null,
    "POST",
    "/login",
    { username, password },
    { "X-Forwarded-For": ip, "User-Agent": ua },
  );
  expect(res.status).toBe(200);
  return res.text();
}

const list = async (token: string, id: number) => {
  const res = await call(ctx.server, token, "GET", `/users/${id}/sessions`);
  expect(res.status).toBe(200);
  return (await res.json()) as Listed[];
};

describe("a user's sessions", () => {
  it("list each login with its browser, IP and last use, the asking one marked current, never the secret id", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { login: false });
    const before = Math.floor(Date.now() / 1000);
    const laptop = await loginFrom(u.username, u.password, "192.0.2.10", FIREFOX);
    const phone = await loginFrom(u.username, u.password, "198.51.100.20", SAFARI);
    const seen = await list(laptop, u.id);
    expect(seen).toHaveLength(2);
    const mine = seen.find((s) => s.current)!;
    expect(mine).toMatchObject({ ip: "192.0.2.10", userAgent: FIREFOX });
    expect(seen.find((s) => !s.current)).toMatchObject({ ip: "198.51.100.20", userAgent: SAFARI });
    for (const s of seen) {
      expect(s.createdAt).toBeGreaterThanOrEqual(before);
      expect(s.lastUsedAt).toBeGreaterThanOrEqual(s.createdAt);
      expect(s.expiresAt).toBeGreaterThan(s.lastUsedAt);
    }
    const sid = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid as string;
    expect(seen.map((s) => s.id)).not.toContain(sid(laptop));
    expect(seen.map((s) => s.id)).not.toContain(sid(phone));
    expect((await list(phone, u.id)).find((s) => s.current)!.ip).toBe("198.51.100.20");
  });

  it("take the IP and browser of the latest renewal", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { login: false });
    const token = await loginFrom(u.username, u.password, "192.0.2.30", FIREFOX);
    const renewed = await call(ctx.server, token, "POST", "/renew", undefined, {
      "X-Forwarded-For": "192.0.2.31",
      "User-Agent": SAFARI,
    });
    expect(renewed.status).toBe(200);
    expect((await list(await renewed.text(), u.id))[0]).toMatchObject({
      ip: "192.0.2.31",
      userAgent: SAFARI,
      current: true,
    });
  });

  it("can be revoked one by one by their owner: that token stops working at once", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { login: false });
    const keep = await loginFrom(u.username, u.password, "192.0.2.40", FIREFOX);
    const lost = await loginFrom(u.username, u.password, "192.0.2.41", SAFARI);
    const other = (await list(keep, u.id)).find((s) => !s.current)!;
    expect((await call(ctx.server, keep, "DELETE", `/users/${u.id}/sessions/${other.id}`)).status).toBe(200);
    expect((await call(ctx.server, lost, "GET", "/resources/")).status).toBe(401);
    expect((await call(ctx.server, keep, "GET", "/resources/")).status).toBe(200);
    expect((await call(ctx.server, keep, "DELETE", `/users/${u.id}/sessions/${other.id}`)).status).toBe(404);
    expect(await list(keep, u.id)).toHaveLength(1);
  });

  it("are out of reach of other users, and all ended by an admin at once", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { login: false });
    const stranger = await makeUser(ctx.server, ctx.admin);
    const a = await loginFrom(u.username, u.password, "192.0.2.50", FIREFOX);
    const b = await loginFrom(u.username, u.password, "192.0.2.51", SAFARI);
    const handle = (await list(a, u.id))[0]!.id;
    expect((await call(ctx.server, stranger.token, "GET", `/users/${u.id}/sessions`)).status).toBe(403);
    expect((await call(ctx.server, stranger.token, "DELETE", `/users/${u.id}/sessions/${handle}`)).status).toBe(403);
    expect((await call(ctx.server, stranger.token, "DELETE", `/users/${u.id}/sessions`)).status).toBe(403);
    // The stranger cannot reach it under their own id either: handles are per user.
    expect((await call(ctx.server, stranger.token, "DELETE", `/users/${stranger.id}/sessions/${handle}`)).status).toBe(
      404,
    );
    const asAdmin = await list(ctx.admin, u.id);
    expect(asAdmin).toHaveLength(2);
    expect(asAdmin.every((s) => !s.current)).toBe(true);
    const ended = await call(ctx.server, ctx.admin, "DELETE", `/users/${u.id}/sessions`);
    expect(await ended.json()).toEqual({ ended: 2 });
    for (const token of [a, b]) expect((await call(ctx.server, token, "GET", "/resources/")).status).toBe(401);
    expect(await list(ctx.admin, u.id)).toEqual([]);
    expect((await call(ctx.server, ctx.admin, "GET", "/users/99999/sessions")).status).toBe(404);
  });
});
