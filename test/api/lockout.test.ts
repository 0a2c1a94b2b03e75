/**
 * Nobody can lock a user out (docs/security.md "Login attempts"): failed logins for a name, from any number of
 * addresses, never refuse the right password from an address that has not failed. The failing addresses are
 * still limited and banned (docs/security.md "Login attempts": 5 failures in 10 minutes ban an IP for 30 minutes,
 * logged with bannedAt). The server trusts X-Forwarded-For here, so each request names its client address.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, putSettings } from "../support/factories";
import type { FailedLog } from "../../src/shared/wire/failed-log";

const ctx = serverInProcess();
// Each failed login hashes a password on purpose (argon2id), a few hundred milliseconds on a busy machine.
const SLOW_MS = 30_000;

beforeAll(() => putSettings(ctx.server, ctx.admin, { trustProxy: true }));

const loginFrom = (ip: string, username: string, password: string) =>
  call(ctx.server, null, "POST", "/login", { username, password }, { "X-Forwarded-For": ip });
const logs = async () => (await (await call(ctx.server, ctx.admin, "GET", "/logs")).json()) as FailedLog[];

describe("failed logins for a user name", () => {
  it(
    "from one address never refuse the right password from another address that has not failed",
    async () => {
      const u = await makeUser(ctx.server, ctx.admin, { login: false });
      for (let i = 0; i < 5; i++)
        expect((await loginFrom("203.0.113.1", u.username, `wrong-password-${i}`)).status).toBe(403);
      expect((await loginFrom("203.0.113.2", u.username, u.password)).status).toBe(200);
    },
    SLOW_MS,
  );

  it(
    "from many addresses, one each, never refuse the right password from a fresh address",
    async () => {
      const u = await makeUser(ctx.server, ctx.admin, { login: false });
      const failed = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          loginFrom(`198.51.100.${10 + i}`, u.username.toUpperCase(), `wrong-password-${i}`),
        ),
      );
      expect(failed.map((r) => r.status)).toEqual(Array(8).fill(403));
      expect((await loginFrom("198.51.100.99", u.username, u.password)).status).toBe(200);
    },
    SLOW_MS,
  );

  it(
    "still ban the failing address for the right password too, logged with bannedAt",
    async () => {
      const u = await makeUser(ctx.server, ctx.admin, { login: false });
      for (let i = 0; i < 5; i++)
        expect((await loginFrom("192.0.2.44", u.username, `wrong-password-${i}`)).status).toBe(403);
      const banned = await loginFrom("192.0.2.44", u.username, u.password);
      expect(banned.status).toBe(429);
      const log = (await logs()).find((l) => l.ip === "192.0.2.44");
      expect(log).toMatchObject({ failedAttemptsCount: 5, banned: true, lastUsername: u.username });
      expect(new Date(log!.bannedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await loginFrom("192.0.2.45", u.username, u.password)).status).toBe(200);
    },
    SLOW_MS,
  );
});
