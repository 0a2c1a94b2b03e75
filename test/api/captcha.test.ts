import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { call, putSettings } from "../support/factories";

const ctx = serverInProcess();
let verifier: ReturnType<typeof Bun.serve>;
const seen: Record<string, string>[] = [];

beforeAll(async () => {
  // A reCAPTCHA-compatible verifier: accepts the response "solved" with the secret "s3cret".
  verifier = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const form = Object.fromEntries(new URLSearchParams(await req.text()));
      seen.push(form);
      return Response.json({ success: form.secret === "s3cret" && form.response === "solved" });
    },
  });
  await putSettings(ctx.server, ctx.admin, {
    captcha: {
      enabled: true,
      key: "site-key",
      secret: "s3cret",
      verifyUrl: `http://127.0.0.1:${verifier.port}/verify`,
    },
  });
});
afterAll(async () => {
  await ctx.server.stop();
  verifier.stop(true);
});

const attempt = (extra: Record<string, string>) =>
  call(ctx.server, null, "POST", "/login", { username: ctx.server.username, password: ctx.server.password, ...extra });

describe("login with captcha enabled", () => {
  it("answers 403 without a captcha response or with a rejected one", async () => {
    expect((await attempt({})).status).toBe(403);
    expect((await attempt({ recaptcha: "" })).status).toBe(403);
    expect((await attempt({ recaptcha: "robot" })).status).toBe(403);
  });

  it("logs in when the verifier accepts the response, sent as recaptcha or captcha", async () => {
    expect((await attempt({ recaptcha: "solved" })).status).toBe(200);
    expect((await attempt({ captcha: "solved" })).status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ secret: "s3cret", response: "solved" });
  });

  it("puts the flag and the site key, never the secret, into the page config", async () => {
    const html = await (await fetch(`${ctx.server.url}/login`)).text();
    const config = JSON.parse(/<script id="fbe-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]);
    expect(config).toMatchObject({ captcha: true, captchaKey: "site-key" });
    expect(html).not.toContain("s3cret");
  });

  it("keeps the secret out of GET /api/settings and keeps it when a save leaves it empty", async () => {
    const settings = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as {
      captcha: Record<string, unknown>;
    };
    expect(settings.captcha).toEqual({
      enabled: true,
      key: "site-key",
      verifyUrl: `http://127.0.0.1:${verifier.port}/verify`,
      secretSet: true,
    });
    await putSettings(ctx.server, ctx.admin, { captcha: { ...settings.captcha, secret: "" } });
    expect((await attempt({ recaptcha: "solved" })).status).toBe(200);
  });

  it("is switched off again by the setting", async () => {
    await putSettings(ctx.server, ctx.admin, { captcha: { enabled: false } });
    expect((await attempt({})).status).toBe(200);
  });
});
