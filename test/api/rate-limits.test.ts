/**
 * Attempt limits through HTTP: logins and signups per client IP and per user name from an IP, share passwords per link and
 * IP (429 with Retry-After and a short message), and a share's public download speed. The limits are lowered
 * through the rateLimit settings so the windows pass quickly; the failed-login ban is off here to keep them apart.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { randomBytes } from "node:crypto";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, makeUser, putSettings } from "../support/factories";

const ctx = serverInProcess();
// Long enough for three failed logins one after another (each hashes a password), short enough to wait out.
const WINDOW_S = 5;
const BIG = randomBytes(1024 * 1024);

beforeAll(async () => {
  await putSettings(ctx.server, ctx.admin, {
    trustProxy: true,
    signup: true,
    createUserDir: true,
    minimumPasswordLength: 8,
    loginBan: { enabled: false },
    rateLimit: { loginPerIp: 3, loginPerUser: 2, sharePasswordPerIp: 2, windowSeconds: WINDOW_S },
  });
  makeTree(ctx.server.root, { "big.bin": BIG, "note.txt": "hello" });
});

const from = (ip: string) => ({ "X-Forwarded-For": ip });
const loginAs = (username: string, password: string, ip: string) =>
  call(ctx.server, null, "POST", "/login", { username, password }, from(ip));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asserts a 429 of the limits: Retry-After within the window, a short message. */
async function expectLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  const after = Number(res.headers.get("Retry-After"));
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThanOrEqual(WINDOW_S);
  expect(await res.text()).toBe("429 Too Many Requests (too many attempts, try again later)");
}

describe("logins", () => {
  it("are limited per user name from one IP, even for the right password, until the window passes; other IPs go on", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { login: false });
    // At once: a failed login takes a while (password hashing), and the window is short here.
    const failed = await Promise.all([
      loginAs(u.username, "wrong-password-1", "192.0.2.1"),
      loginAs(u.username.toUpperCase(), "wrong-password-2", "192.0.2.1"),
    ]);
    expect(failed.map((r) => r.status)).toEqual([403, 403]);
    await expectLimited(await loginAs(u.username, u.password, "192.0.2.1"));
    expect((await loginAs(u.username, u.password, "192.0.2.3")).status).toBe(200);
    await sleep(WINDOW_S * 1000 + 100);
    expect((await loginAs(u.username, u.password, "192.0.2.1")).status).toBe(200);
  }, 15_000);

  it("are limited per client IP across user names; other IPs go on", async () => {
    const failed = await Promise.all(
      ["nobody-a", "nobody-b", "nobody-c"].map((name) => loginAs(name, "wrong-password", "198.51.100.7")),
    );
    expect(failed.map((r) => r.status)).toEqual([403, 403, 403]);
    await expectLimited(await loginAs(ctx.server.username, ctx.server.password, "198.51.100.7"));
    expect((await loginAs(ctx.server.username, ctx.server.password, "198.51.100.8")).status).toBe(200);
  });

  it("do not count when they succeed", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { login: false });
    for (let i = 0; i < 6; i++) expect((await loginAs(u.username, u.password, "203.0.113.50")).status).toBe(200);
  });

  it("are global settings, range-checked", async () => {
    const saved = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as { rateLimit: unknown };
    expect(saved.rateLimit).toEqual({ loginPerIp: 3, loginPerUser: 2, sharePasswordPerIp: 2, windowSeconds: WINDOW_S });
    const bad = await call(ctx.server, ctx.admin, "PUT", "/settings", { rateLimit: { loginPerIp: -1 } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("rateLimit.loginPerIp");
  });
});

describe("signups", () => {
  it("are limited per client IP, successful or not", async () => {
    const ip = "192.0.2.99";
    for (let i = 0; i < 3; i++) {
      const res = await call(
        ctx.server,
        null,
        "POST",
        "/signup",
        { username: `newcomer-${i}-${Date.now()}`, password: "long-enough-pw" },
        from(ip),
      );
      expect(res.status).toBe(200);
    }
    await expectLimited(
      await call(
        ctx.server,
        null,
        "POST",
        "/signup",
        { username: `newcomer-x-${Date.now()}`, password: "long-enough-pw" },
        from(ip),
      ),
    );
  });
});

describe("share passwords", () => {
  it("are limited per link and IP; another IP or another link is not", async () => {
    const make = async () => {
      const res = await call(ctx.server, ctx.admin, "POST", "/share/note.txt?expires=1&unit=hours", {
        password: "open-sesame",
      });
      return ((await res.json()) as { hash: string }).hash;
    };
    const [a, b] = [await make(), await make()];
    const unlock = (hash: string, password: string, ip: string) =>
      call(ctx.server, null, "POST", `/public/share/${hash}/token`, { password }, from(ip));
    const failed = await Promise.all([unlock(a, "guess-1", "192.0.2.20"), unlock(a, "guess-2", "192.0.2.20")]);
    expect(failed.map((r) => r.status)).toEqual([403, 403]);
    await expectLimited(await unlock(a, "open-sesame", "192.0.2.20"));
    expect((await unlock(a, "open-sesame", "192.0.2.21")).status).toBe(200);
    expect((await unlock(b, "open-sesame", "192.0.2.20")).status).toBe(200);
  });
});

describe("share download speed", () => {
  it("holds a 1 MiB public download to 256 KiB/s, whole and intact; a link without one is fast", async () => {
    const res = await call(ctx.server, ctx.admin, "POST", "/share/big.bin?expires=1&unit=hours", {
      downloadRate: 256 * 1024,
    });
    const link = (await res.json()) as { hash: string; downloadRate: number };
    expect(link.downloadRate).toBe(256 * 1024);
    const started = performance.now();
    const body = new Uint8Array(await (await fetch(`${ctx.server.url}/api/public/dl/${link.hash}`)).arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    expect(body.length).toBe(BIG.length);
    expect(Buffer.from(body).equals(BIG)).toBe(true);
    expect(seconds).toBeGreaterThanOrEqual(3.5);
    expect(seconds).toBeLessThan(6);
    const plain = (await (await call(ctx.server, ctx.admin, "POST", "/share/big.bin?expires=2&unit=hours")).json()) as {
      hash: string;
      downloadRate: number;
    };
    expect(plain.downloadRate).toBe(0);
    const t0 = performance.now();
    await (await fetch(`${ctx.server.url}/api/public/dl/${plain.hash}`)).arrayBuffer();
    expect((performance.now() - t0) / 1000).toBeLessThan(1);
  }, 15_000);

  it("holds for a link's parallel downloads together, and can be changed on the link by its owner", async () => {
    const res = await call(ctx.server, ctx.admin, "POST", "/share/big.bin?expires=3&unit=hours");
    const { hash } = (await res.json()) as { hash: string };
    const changed = await call(ctx.server, ctx.admin, "PATCH", `/share/${hash}`, { downloadRate: 512 * 1024 });
    expect(((await changed.json()) as { downloadRate: number }).downloadRate).toBe(512 * 1024);
    // Two downloads at once share the 512 KiB/s: 2 MiB in all take about 4 s, where one alone takes 2.
    const started = performance.now();
    const bodies = await Promise.all(
      [0, 1].map(async () => (await fetch(`${ctx.server.url}/api/public/dl/${hash}`)).arrayBuffer()),
    );
    expect(bodies.map((b) => b.byteLength)).toEqual([BIG.length, BIG.length]);
    expect((performance.now() - started) / 1000).toBeGreaterThanOrEqual(3.5);
    const stranger = await makeUser(ctx.server, ctx.admin, { perm: { share: true, download: true } });
    expect((await call(ctx.server, stranger.token, "PATCH", `/share/${hash}`, { downloadRate: 0 })).status).toBe(403);
    expect((await call(ctx.server, ctx.admin, "PATCH", `/share/${hash}`, { downloadRate: 10 })).status).toBe(400);
    expect((await call(ctx.server, ctx.admin, "PATCH", "/share/no-such-link", { downloadRate: 0 })).status).toBe(404);
    expect(
      (
        (await (await call(ctx.server, ctx.admin, "PATCH", `/share/${hash}`, { downloadRate: 0 })).json()) as {
          downloadRate: number;
        }
      ).downloadRate,
    ).toBe(0);
  }, 15_000);

  it("is listed with the link and checked when the link is made", async () => {
    const listed = (await (await call(ctx.server, ctx.admin, "GET", "/share/big.bin")).json()) as {
      downloadRate: number;
    }[];
    expect(listed.some((l) => l.downloadRate === 256 * 1024)).toBe(true);
    for (const bad of [5, -1, 1.5, "fast"]) {
      const res = await call(ctx.server, ctx.admin, "POST", "/share/big.bin?expires=1&unit=hours", {
        downloadRate: bad,
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("downloadRate");
    }
  });
});
