/** @module POST /api/login, POST /api/renew and POST /api/signup (SPEC section 7, CONTRACT "HTTP API"). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAuth } from "../auth/middleware";
import { issueToken } from "../auth/jwt";
import { authenticate } from "../auth/login";
import { signup } from "../users/user-service";
import { getSettings } from "../settings/settings-service";
import { findUserById } from "../db/users-table";
import { BadRequest, Forbidden } from "../errors";
import { clientIp } from "./client-ip";

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** Login, token renewal and open signup; no auth needed except for renewal. */
export const loginRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const deps = c.get("deps");
    if (deps.config.noauth) {
      const user = findUserById(deps.db, 1);
      if (!user) throw new Forbidden();
      return c.text(await issueToken(user, deps.secret));
    }
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") throw new BadRequest("JSON body expected");
    const user = await authenticate(deps.db, {
      username: text(body.username).trim(),
      password: text(body.password),
      otpPasscode: text(body.otpPasscode).trim(),
      captcha: text(body.recaptcha) || text(body.captcha),
      ip: clientIp(c, getSettings(deps.db).trustProxy),
    });
    return c.text(await issueToken(user, deps.secret));
  })
  .post("/renew", requireAuth, async (c) => {
    const deps = c.get("deps");
    c.header("X-Renew-Token", null as unknown as string);
    return c.text(await issueToken(c.get("user"), deps.secret));
  })
  .post("/signup", async (c) => {
    const deps = c.get("deps");
    const enabled = deps.config.signup || getSettings(deps.db).signup;
    const body = enabled ? await c.req.json().catch(() => null) : null;
    if (enabled && (!body || typeof body !== "object")) throw new BadRequest("JSON body {username, password} expected");
    await signup(deps.db, deps.rootReal, enabled, body);
    return c.text("200 OK");
  });
