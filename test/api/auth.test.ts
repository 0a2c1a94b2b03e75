import { describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { login } from "../support/server";

const ctx = serverInProcess();

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${ctx.server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("POST /api/login", () => {
  it("answers a three-part HS256 token whose payload holds the user and a 2 h lifetime", async () => {
    const res = await post("/api/login", { username: ctx.server.username, password: ctx.server.password });
    expect(res.status).toBe(200);
    const token = await res.text();
    const parts = token.split(".");
    expect(parts).toHaveLength(3);
    expect(JSON.parse(atob(parts[0].replace(/-/g, "+").replace(/_/g, "/")))).toMatchObject({ alg: "HS256" });
    const payload = JSON.parse(Buffer.from(parts[1], "base64url").toString());
    expect(payload.user).toMatchObject({ id: 1, username: "admin", perm: { admin: true } });
    expect(payload.user.password).toBeUndefined();
    expect(payload.exp - payload.iat).toBe(7200);
  });

  it("answers 403 Forbidden for a wrong password and for an unknown user", async () => {
    const wrong = await post("/api/login", { username: ctx.server.username, password: "nope-nope-nope" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("403 Forbidden");
    const unknown = await post("/api/login", { username: "ghost", password: "whatever-123" });
    expect(unknown.status).toBe(403);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await fetch(`${ctx.server.url}/api/login`, { method: "POST", body: "username=admin" });
    expect(res.status).toBe(400);
    expect(await res.text()).toStartWith("400 Bad Request");
  });
});

describe("authenticated calls", () => {
  it("accept the token in the X-Auth header, the auth query parameter and the auth cookie", async () => {
    const token = await login(ctx.server);
    expect((await fetch(`${ctx.server.url}/api/resources/`, { headers: { "X-Auth": token } })).status).toBe(200);
    expect((await fetch(`${ctx.server.url}/api/resources/?auth=${token}`)).status).toBe(200);
    expect((await fetch(`${ctx.server.url}/api/resources/`, { headers: { cookie: `auth=${token}` } })).status).toBe(
      200,
    );
  });

  it("refuse a missing, malformed or tampered token with 401", async () => {
    const token = await login(ctx.server);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    payload.user.id = 2;
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    for (const bad of ["", "abc", "a.b", forged, `${h}.${p}.${s.slice(0, -2)}xx`]) {
      const res = await fetch(`${ctx.server.url}/api/resources/`, { headers: bad ? { "X-Auth": bad } : {} });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe("401 Unauthorized");
    }
  });

  it("renew a valid token into a new valid one", async () => {
    const token = await login(ctx.server);
    ctx.server.clock.advance(1100); // iat has a one-second resolution
    const res = await fetch(`${ctx.server.url}/api/renew`, { method: "POST", headers: { "X-Auth": token } });
    expect(res.status).toBe(200);
    const renewed = await res.text();
    expect(renewed).not.toBe(token);
    expect((await fetch(`${ctx.server.url}/api/resources/`, { headers: { "X-Auth": renewed } })).status).toBe(200);
    expect((await fetch(`${ctx.server.url}/api/renew`, { method: "POST" })).status).toBe(401);
  });
});

describe("GET /health", () => {
  it("answers OK without auth", async () => {
    const res = await fetch(`${ctx.server.origin}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "OK" });
  });
});

describe("token renewal", () => {
  it("marks responses with X-Renew-Token when the token expires within the hour, and not for a fresh one", async () => {
    const { Database } = await import("bun:sqlite");
    const { sign } = await import("hono/jwt");
    const db = new Database(`${ctx.server.home}/fbe.db`, { readonly: true });
    const secret = JSON.parse(
      (db.query("SELECT value FROM settings WHERE key = 'jwtSecret'").get() as { value: string }).value,
    );
    db.close();
    const now = Math.floor(Date.now() / 1000);
    const fresh = await login(ctx.server);
    // The same live session, with a token that has only half an hour left.
    const { sid } = JSON.parse(Buffer.from(fresh.split(".")[1], "base64url").toString());
    const ageing = await sign(
      { user: { id: 1 }, sid, iat: now - 5400, exp: now + 1800, iss: "File Browser Enhanced" },
      secret,
      "HS256",
    );
    const expired = await sign(
      { user: { id: 1 }, sid, iat: now - 7300, exp: now - 100, iss: "File Browser Enhanced" },
      secret,
      "HS256",
    );
    const get = (t: string) => fetch(`${ctx.server.url}/api/resources/`, { headers: { "X-Auth": t } });
    expect((await get(fresh)).headers.get("x-renew-token")).toBeNull();
    const r = await get(ageing);
    expect(r.status).toBe(200);
    expect(r.headers.get("x-renew-token")).toBe("true");
    expect((await get(expired)).status).toBe(401);
  });
});
