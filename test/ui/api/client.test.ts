import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ApiError, apiFetch, apiJson, configureClient } from "../../../src/ui/api/client";

// A real HTTP server; the browser's relative URLs get this origin in front of them.
let server: ReturnType<typeof Bun.serve>;
const seen: Array<{ path: string; auth: string | null }> = [];
let renewals = 0;
let unauthorized = 0;
const realFetch = globalThis.fetch;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    fetch(req) {
      const url = new URL(req.url);
      seen.push({ path: url.pathname, auth: req.headers.get("X-Auth") });
      if (url.pathname === "/api/ok") return Response.json({ ok: true });
      if (url.pathname === "/api/renew-me") return new Response("{}", { headers: { "X-Renew-Token": "true" } });
      if (url.pathname === "/api/missing") return new Response("404 Not Found", { status: 404 });
      if (url.pathname === "/api/empty") return new Response("", { status: 500, statusText: "Internal Server Error" });
      return new Response("401 Unauthorized", { status: 401 });
    },
  });
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    realFetch(`http://127.0.0.1:${server.port}${input}`, init)) as typeof fetch;
  configureClient({
    getToken: () => "tok.en.x",
    onRenewRequested: () => renewals++,
    onUnauthorized: () => unauthorized++,
  });
});

afterAll(() => {
  globalThis.fetch = realFetch;
  server.stop(true);
});

describe("API client", () => {
  it("sends the token in X-Auth and parses JSON", async () => {
    expect(await apiJson<{ ok: boolean }>("/api/ok")).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ path: "/api/ok", auth: "tok.en.x" });
  });

  it("sends no token when auth is off", async () => {
    await apiFetch("/api/ok", { auth: false });
    expect(seen.at(-1)?.auth).toBeNull();
  });

  it("asks the session to renew when the answer carries X-Renew-Token", async () => {
    const before = renewals;
    await apiFetch("/api/renew-me");
    expect(renewals).toBe(before + 1);
  });

  it("throws ApiError with the status and body text on non-2xx", async () => {
    const err = await apiFetch("/api/missing").catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(404);
    expect(err.message).toBe("404 Not Found");
  });

  it("falls back to 'status statusText' when the body is empty", async () => {
    const err = await apiFetch("/api/empty").catch((e) => e);
    expect(err.message).toBe("500 Internal Server Error");
  });

  it("reports 401 on authenticated calls only", async () => {
    const before = unauthorized;
    await apiFetch("/api/nope").catch(() => {});
    await apiFetch("/api/nope", { auth: false }).catch(() => {});
    expect(unauthorized).toBe(before + 1);
  });
});
