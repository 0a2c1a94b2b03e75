/**
 * @module POST /api/login, /api/renew, /api/logout and /api/signup (docs/product.md "Sign-in calls", docs/interfaces.md
 * "Authentication"), and GET /api/media-token/{path}: a read-only media token for URLs.
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../app-env";
import type { User } from "../users/types";
import { requireAuth } from "../auth/middleware";
import { issueToken } from "../auth/jwt";
import { issueMediaToken } from "../auth/media-token";
import { endSession, endUserSessions, renewSession, startSession } from "../auth/sessions";
import { authenticate } from "../auth/login";
import { signup } from "../users/user-service";
import { currentSettings, getSettings } from "../settings/settings-service";
import { findUserById } from "../db/users-table";
import { BadRequest, Forbidden, toErrorResponse } from "../errors";
import { TOKEN_LIFETIME_S } from "../constants";
import { clientIp } from "./request/client-ip";
import { viaOf } from "./request/activity";
import { requestTarget } from "./request/request-path";
import { requestOverTls } from "./request/request-tls";
import { AUTH_COOKIE, authCookieHeader } from "../http/auth-cookie";
import { getCookie } from "hono/cookie";
import { takeLoginAttempt } from "../auth/attempt-limits";
import { clipUserAgent, noteSessionRenewal } from "../auth/session-list";
import { CREDENTIALS_BODY_MAX_BYTES, readJsonBody } from "./request/json-body";
import { RENEW_TOKEN_HEADER } from "../../shared/wire/headers";
import type { MediaGrant } from "../../shared/wire/media-grant";
import { nowSeconds } from "../deps";

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** Puts `token` in the auth cookie (HttpOnly, SameSite=Strict, Secure over TLS) for `maxAge` seconds; 0 clears it. */
function setAuthCookie(c: Context<AppEnv>, token: string, maxAge: number): void {
  const basePath = c.get("deps").config.baseurl;
  c.header("Set-Cookie", authCookieHeader(token, { basePath, secure: requestOverTls(c), maxAge }), { append: true });
}

/**
 * Answers a login token as text, with the same token in the auth cookie on a login, and on a renewal when the
 * client holds the cookie (a script or a page that never got one is not sent one).
 */
function answerToken(c: Context<AppEnv>, token: string, renewal = false): Response {
  if (!renewal || getCookie(c, AUTH_COOKIE)) setAuthCookie(c, token, TOKEN_LIFETIME_S);
  return c.text(token);
}

/** Where a request comes from, as a session records it: client IP and browser. */
function clientOf(c: Context<AppEnv>): { ip: string; userAgent: string } {
  return {
    ip: clientIp(c, currentSettings(c.get("deps").db).trustProxy),
    userAgent: clipUserAgent(c.req.header("User-Agent")),
  };
}

/** Starts a session for `user` and answers its first token. */
async function answerNewSession(c: Context<AppEnv>, user: User): Promise<Response> {
  const deps = c.get("deps");
  const now = nowSeconds(deps.clock);
  const sid = startSession(deps.db, user.id, now + TOKEN_LIFETIME_S, now, clientOf(c));
  return answerToken(c, await issueToken(user, sid, deps.secret, now));
}

/** Login, token renewal, logout, media tokens and open signup; no auth needed but for renewal, logout and media tokens. */
export const loginRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const deps = c.get("deps");
    if (deps.config.noauth) {
      const user = findUserById(deps.db, 1);
      if (!user) throw new Forbidden();
      return answerNewSession(c, user);
    }
    const body = (await readJsonBody(c, CREDENTIALS_BODY_MAX_BYTES)) as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== "object") throw new BadRequest("JSON body expected");
    const ip = clientIp(c, currentSettings(deps.db).trustProxy);
    const username = text(body.username).trim();
    // Every try goes into the activity log with the name tried, never the password (docs/product.md "Activity log").
    const entry = { username, ip, via: viaOf(c, "/login"), path: "" };
    let user: User;
    try {
      user = await authenticate(
        deps.db,
        {
          username,
          password: text(body.password),
          otpPasscode: text(body.otpPasscode).trim(),
          captcha: text(body.recaptcha) || text(body.captcha),
          ip,
        },
        nowSeconds(deps.clock),
      );
    } catch (err) {
      deps.activity.record({ ...entry, userId: null, action: "login-failed", result: toErrorResponse(err).body });
      throw err;
    }
    deps.activity.record({ ...entry, userId: user.id, username: user.username, action: "login", result: "ok" });
    return answerNewSession(c, user);
  })
  .post("/renew", requireAuth, async (c) => {
    const deps = c.get("deps");
    c.header(RENEW_TOKEN_HEADER, null as unknown as string);
    const sid = c.get("sessionId");
    // No-auth mode has no session to renew: it gets a new one, as a login would.
    if (!sid) return answerNewSession(c, c.get("user"));
    const now = nowSeconds(deps.clock);
    renewSession(deps.db, sid, now + TOKEN_LIFETIME_S);
    noteSessionRenewal(deps.db, sid, now, clientOf(c));
    return answerToken(c, await issueToken(c.get("user"), sid, deps.secret, now), true);
  })
  // Ends this session, or with ?others=true every other session of the user ('Log out other sessions').
  .post("/logout", requireAuth, (c) => {
    const deps = c.get("deps");
    const sid = c.get("sessionId");
    if (!sid) return c.text("200 OK");
    if (c.req.query("others") === "true") {
      const ended = endUserSessions(deps.db, c.get("user").id, sid);
      return c.json({ ended });
    }
    endSession(deps.db, sid);
    setAuthCookie(c, "", 0);
    return c.text("200 OK");
  })
  // A read-only media token for a path of the caller's scope (a folder covers what is below it); login tokens only.
  .get("/media-token/*", requireAuth, async (c) => {
    const deps = c.get("deps");
    const target = requestTarget(c, "media-token");
    await stat(target.abs);
    const prefix = target.wantsDir ? (target.path === "/" ? "/" : `${target.path}/`) : target.path;
    const { token, expires } = await issueMediaToken(
      deps.secret,
      { uid: c.get("user").id, sid: c.get("sessionId") ?? "", prefix },
      nowSeconds(deps.clock),
    );
    return c.json({ token, prefix, expires } satisfies MediaGrant);
  })
  .post("/signup", async (c) => {
    const deps = c.get("deps");
    const settings = getSettings(deps.db);
    const enabled = deps.config.signup || settings.signup;
    const body = enabled ? await readJsonBody(c, CREDENTIALS_BODY_MAX_BYTES) : null;
    if (enabled && (!body || typeof body !== "object")) throw new BadRequest("JSON body {username, password} expected");
    // Every signup counts, successful or not: each one makes an account.
    if (enabled)
      takeLoginAttempt(
        deps.db,
        "signup",
        clientIp(c, settings.trustProxy),
        text((body as Record<string, unknown>).username).trim(),
        settings.rateLimit,
        deps.clock.now(),
      );
    await signup(deps.db, deps.rootReal, enabled, body);
    return c.text("200 OK");
  });
