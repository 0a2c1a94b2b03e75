import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, putSettings } from "../support/factories";
import type { FailedLog } from "../../src/shared/wire/failed-log";

const ctx = serverInProcess();

const attempt = (password: string, headers: Record<string, string> = {}, username = ctx.server.username) =>
  call(ctx.server, null, "POST", "/login", { username, password }, headers);

const logs = async () => (await (await call(ctx.server, ctx.admin, "GET", "/logs")).json()) as FailedLog[];

describe("repeated failed logins", () => {
  it("ban the client IP with 429 after five failures, even for the right password, and log nothing of the tried passwords", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attempt(`wrong-password-${i}`, { "X-Forwarded-For": `198.51.100.${i}` });
      expect(res.status).toBe(403);
    }
    const banned = await attempt(ctx.server.password);
    expect(banned.status).toBe(429);
    expect(await banned.text()).toBe("429 Too Many Requests");
    const [log] = (await logs()).filter((l) => l.ip === "127.0.0.1");
    expect(log).toMatchObject({ failedAttemptsCount: 5, banned: true, lastUsername: "admin", lastPasswd: "" });
    expect(JSON.stringify(await logs())).not.toContain("w***");
    expect(new Date(log.bannedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await logs()).some((l) => l.ip.startsWith("198.51.100."))).toBe(false);
  });

  it("are lifted by deleting the IP's failed log", async () => {
    const res = await call(ctx.server, ctx.admin, "DELETE", "/logs?ip=127.0.0.1");
    expect(res.status).toBe(200);
    expect((await attempt(ctx.server.password)).status).toBe(200);
    expect(await logs()).toEqual([]);
    expect((await call(ctx.server, ctx.admin, "DELETE", "/logs?ip=127.0.0.1")).status).toBe(404);
    expect((await call(ctx.server, ctx.admin, "DELETE", "/logs")).status).toBe(400);
  });

  it("are visible and removable by admins only", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await call(ctx.server, u.token, "GET", "/logs")).status).toBe(403);
    expect((await call(ctx.server, u.token, "DELETE", "/logs?ip=127.0.0.1")).status).toBe(403);
  });
});

describe("behind a trusted proxy", () => {
  beforeAll(() => putSettings(ctx.server, ctx.admin, { trustProxy: true, loginBan: { maxAttempts: 2 } }));
  afterAll(() => putSettings(ctx.server, ctx.admin, { trustProxy: false, loginBan: { maxAttempts: 5 } }));

  it("counts failures per X-Forwarded-For address (its last entry) with the configured limit", async () => {
    const client = { "X-Forwarded-For": "192.0.2.77, 203.0.113.5" };
    expect((await attempt("nope-nope-nope", client)).status).toBe(403);
    expect((await attempt("nope-nope-nope", client)).status).toBe(403);
    expect((await attempt(ctx.server.password, client)).status).toBe(429);
    expect((await attempt(ctx.server.password, { "X-Forwarded-For": "203.0.113.6" })).status).toBe(200);
    expect((await attempt(ctx.server.password, { "X-Forwarded-For": "203.0.113.5" })).status).toBe(429);
    const [log] = (await logs()).filter((l) => l.ip === "203.0.113.5");
    expect(log).toMatchObject({ failedAttemptsCount: 2, banned: true });
  });

  it("lets DELETE /api/logs?all=true clear every record", async () => {
    const res = await call(ctx.server, ctx.admin, "DELETE", "/logs?all=true");
    expect(res.status).toBe(200);
    expect(await logs()).toEqual([]);
    expect((await attempt(ctx.server.password, { "X-Forwarded-For": "203.0.113.5" })).status).toBe(200);
  });
});

describe("the ban settings", () => {
  it("are range-checked", async () => {
    const res = await call(ctx.server, ctx.admin, "PUT", "/settings", { loginBan: { maxAttempts: 0 } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (loginBan.maxAttempts must be an integer from 1 to 1000)");
  });
});
