/**
 * Security headers and the auth cookie on real answers: the app page, a login, files under /api/raw (framed by the
 * app's own PDF preview), and HSTS behind a TLS proxy (X-Forwarded-Proto with trustProxy) with the setting on and off.
 */
import { afterEach, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, putSettings } from "../support/factories";

const ctx = serverInProcess();
const HTTPS = { "X-Forwarded-Proto": "https" };

afterEach(() => putSettings(ctx.server, ctx.admin, { hsts: false, trustProxy: false }));

const loginAnswer = (headers: Record<string, string> = {}) =>
  fetch(`${ctx.server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ username: ctx.server.username, password: ctx.server.password }),
  });

/** The attributes of the `auth` Set-Cookie of an answer, lower-cased names, e.g. {auth: "ey..", httponly: "", path: "/"}. */
function authCookie(res: Response): Record<string, string> {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("auth="));
  if (!line) throw new Error(`no auth cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  return Object.fromEntries(
    line.split(";").map((part) => {
      const [k, ...v] = part.trim().split("=");
      return [k!.toLowerCase(), v.join("=")];
    }),
  );
}

describe("the app's pages", () => {
  it("may not be framed and run no inline script", async () => {
    const res = await fetch(`${ctx.server.url}/files/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    const script = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src"))!;
    expect(script).toBe("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("API answers and errors carry the same framing refusal", async () => {
    for (const res of [
      await call(ctx.server, ctx.admin, "GET", "/users"),
      await call(ctx.server, null, "GET", "/users"),
    ]) {
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("user files under /api/raw", () => {
  it("a PDF may be framed by the app itself only, and runs no script", async () => {
    makeTree(ctx.server.root, { "paper.pdf": "%PDF-1.4\n%%EOF\n", "page.html": "<script>alert(1)</script>" });
    const pdf = await call(ctx.server, ctx.admin, "GET", "/raw/paper.pdf?inline=true");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(pdf.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
    expect(pdf.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    const html = await call(ctx.server, ctx.admin, "GET", "/raw/page.html?inline=true");
    expect(html.headers.get("Content-Security-Policy")).toStartWith("sandbox;");
    expect(html.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(html.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
  });
});

describe("the auth cookie", () => {
  it("comes with a login: the token itself, HttpOnly, SameSite=Strict, not Secure over plain http", async () => {
    const res = await loginAnswer();
    expect(res.status).toBe(200);
    const token = await res.text();
    const cookie = authCookie(res);
    expect(cookie.auth).toBe(token);
    expect("httponly" in cookie).toBe(true);
    expect(cookie.samesite).toBe("Strict");
    expect(cookie.path).toBe("/");
    expect(Number(cookie["max-age"])).toBe(7200);
    expect("secure" in cookie).toBe(false);
  });

  it("is Secure when a trusted proxy says the request came over https, and not when the proxy is not trusted", async () => {
    expect("secure" in authCookie(await loginAnswer(HTTPS))).toBe(false);
    await putSettings(ctx.server, ctx.admin, { trustProxy: true });
    expect("secure" in authCookie(await loginAnswer(HTTPS))).toBe(true);
    expect("secure" in authCookie(await loginAnswer())).toBe(false);
  });

  it("authorizes reads on its own, is renewed with the token when held, and cleared by logout", async () => {
    const token = await (await loginAnswer()).text();
    const cookie = { Cookie: `auth=${token}` };
    expect((await call(ctx.server, null, "GET", "/resources/", undefined, cookie)).status).toBe(200);
    const renewed = await call(ctx.server, token, "POST", "/renew", undefined, cookie);
    expect(authCookie(renewed).auth).toBe(await renewed.text());
    // A client without the cookie (a script with X-Auth) is not handed one on renewal.
    const bare = await call(ctx.server, token, "POST", "/renew");
    expect(bare.status).toBe(200);
    expect(bare.headers.getSetCookie()).toEqual([]);
    const out = await call(ctx.server, token, "POST", "/logout");
    expect(out.status).toBe(200);
    const cleared = authCookie(out);
    expect(cleared.auth).toBe("");
    expect(cleared["max-age"]).toBe("0");
    expect((await call(ctx.server, null, "GET", "/resources/", undefined, cookie)).status).toBe(401);
  });
});

describe("Strict-Transport-Security", () => {
  it("is off by default, even over https", async () => {
    await putSettings(ctx.server, ctx.admin, { trustProxy: true });
    const settings = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as { hsts: boolean };
    expect(settings.hsts).toBe(false);
    const res = await fetch(`${ctx.server.url}/files/`, { headers: HTTPS });
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("with the setting on, is sent over https through a trusted proxy only", async () => {
    await putSettings(ctx.server, ctx.admin, { hsts: true, trustProxy: true });
    const viaTls = await fetch(`${ctx.server.url}/files/`, { headers: HTTPS });
    expect(viaTls.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    const api = await call(ctx.server, ctx.admin, "GET", "/resources/", undefined, HTTPS);
    expect(api.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    // Plain http: a browser ignores HSTS there, and the server does not claim it.
    expect((await fetch(`${ctx.server.url}/files/`)).headers.get("Strict-Transport-Security")).toBeNull();
    expect(
      (await fetch(`${ctx.server.url}/files/`, { headers: { "X-Forwarded-Proto": "http" } })).headers.get(
        "Strict-Transport-Security",
      ),
    ).toBeNull();
    // An untrusted X-Forwarded-Proto is anybody's word.
    await putSettings(ctx.server, ctx.admin, { trustProxy: false });
    expect(
      (await fetch(`${ctx.server.url}/files/`, { headers: HTTPS })).headers.get("Strict-Transport-Security"),
    ).toBeNull();
  });

  it("rejects a setting that is not a boolean", async () => {
    const res = await call(ctx.server, ctx.admin, "PUT", "/settings", { hsts: "yes" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("hsts");
  });
});
