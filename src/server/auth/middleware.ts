/**
 * @module Route guards, declared in each route chain: requireAuth or requireReadAuth (login token from the
 * X-Auth header, the auth query or the auth cookie, by the transport rules of request-origin.ts; read-only
 * media tokens on requireReadAuth routes; no-auth mode), then requirePerm / requireAdmin / requireSelfOrAdmin
 * (docs/product.md "Roles and permissions").
 */
import { runAs } from "../fs/actor";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";
import { asLoginToken, verifySigned } from "./jwt";
import { asMediaToken } from "./media-token";
import { cachedUser, sessionUser } from "./sessions";
import { noteSessionUse } from "./session-list";
import { isReadMethod, transportRefusal, type TokenSource } from "./request-origin";
import { Forbidden, Unauthorized } from "../errors";
import { AUTH_HEADER, RENEW_TOKEN_HEADER } from "../../shared/wire/headers";
import type { PermissionName } from "../users/types";
import { hasPermission, isSelfOrAdmin } from "./permissions";
import { currentSettings } from "../settings/settings-service";
import { nowSeconds } from "../deps";

/** A token this close to expiry (seconds) makes responses carry `X-Renew-Token: true`. */
const TOKEN_RENEW_WINDOW_S = 60 * 60;

/** The token of a request and where it came from: the header wins, then the query, then the cookie. */
function findToken(c: Context<AppEnv>): { token: string; source: TokenSource } | null {
  const header = c.req.header(AUTH_HEADER);
  if (header) return { token: header, source: "header" };
  const query = c.req.query("auth");
  if (query) return { token: query, source: "query" };
  const cookie = getCookie(c, "auth");
  return cookie ? { token: cookie, source: "cookie" } : null;
}

/** This server's host as the client addressed it; a trusted proxy's X-Forwarded-Host wins. */
export function requestHost(c: Context<AppEnv>): string | undefined {
  if (currentSettings(c.get("deps").db).trustProxy) {
    const forwarded = c.req.header("X-Forwarded-Host")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.req.header("Host");
}

/** @throws Forbidden (403) when a credential that came by `source` may not authorize this request (request-origin.ts). */
function assertTransport(c: Context<AppEnv>, source: TokenSource, upgrade: boolean): void {
  if (source === "header") return;
  const refusal = transportRefusal({
    method: c.req.method,
    upgrade,
    source,
    origin: c.req.header("Origin"),
    secFetchSite: c.req.header("Sec-Fetch-Site"),
    host: requestHost(c),
  });
  if (refusal) throw new Forbidden(refusal);
}

function authenticate(acceptMedia: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get("deps");
    const method = c.req.method;
    const upgrade = c.req.header("Upgrade")?.toLowerCase() === "websocket";
    if (deps.config.noauth) {
      // docs/security.md "No-auth mode": every request is authorized as a cookie would be, so the cookie's
      // cross-site rules apply; an X-Auth header (of any value) cannot be sent cross-site without a preflight.
      assertTransport(c, c.req.header(AUTH_HEADER) ? "header" : "cookie", upgrade);
      const user = cachedUser(deps.db, 1);
      if (!user) throw new Unauthorized();
      c.set("user", user);
      return runAs({ userId: user.id, username: user.username }, next);
    }
    const found = findToken(c);
    if (!found) throw new Unauthorized();
    assertTransport(c, found.source, upgrade);
    const now = nowSeconds(deps.clock);
    const claims = await verifySigned(found.token, deps.secret, now);
    const login = asLoginToken(claims);
    if (login) {
      const user = sessionUser(deps.db, login.user.id, login.sid, now);
      if (!user) throw new Unauthorized();
      c.set("user", user);
      c.set("sessionId", login.sid);
      noteSessionUse(deps.db, login.sid, now);
      if (login.exp - now < TOKEN_RENEW_WINDOW_S || user.updatedAt > login.iat) c.header(RENEW_TOKEN_HEADER, "true");
      return runAs({ userId: user.id, username: user.username }, next);
    }
    // A media token travels only in the query, reads only, never opens a WebSocket.
    const media =
      acceptMedia && found.source === "query" && isReadMethod(method) && !upgrade ? asMediaToken(claims) : null;
    if (!media) throw new Unauthorized();
    const user = sessionUser(deps.db, media.uid, media.sid, now, true);
    if (!user) throw new Unauthorized();
    c.set("user", user);
    c.set("mediaPrefix", media.pfx);
    return runAs({ userId: user.id, username: user.username }, next);
  });
}

/**
 * Authenticates the request with a login token (docs/interfaces.md "Authentication"): `X-Auth` for any method; the
 * `auth` query or cookie for GET, HEAD and WebSocket upgrades; the cookie for writes only with this server's Origin
 * (or `Sec-Fetch-Site: same-origin`). The token's session must be live. In `--noauth` mode every request acts
 * as user id 1, and a write or a WebSocket upgrade needs an `X-Auth` header (any value) or this server's origin.
 * Sets `X-Renew-Token: true` when the token is within an hour of expiry or the user changed.
 * @throws Unauthorized (401) without a valid token of a live session; Forbidden (403) for a token that came by
 * a transport not allowed for this request (cross-site write, auth query on a write, cross-site WebSocket),
 * and in no-auth mode for a cross-site write or upgrade.
 */
export const requireAuth = authenticate(false);

/**
 * requireAuth that also accepts a read-only media token in the `auth` query, for GET and HEAD of file
 * routes (raw files, downloads, previews, thumbnails, media). The path resolver then refuses every path
 * outside the token's prefix.
 * @throws as requireAuth; Unauthorized (401) for a media token on a write, an upgrade, or of an ended session.
 */
export const requireReadAuth = authenticate(true);

/**
 * Requires one permission of the current user (docs/product.md "Roles and permissions"); admins hold every permission.
 * Must run after requireAuth.
 * @throws Forbidden (403) when the user lacks it.
 */
export function requirePerm(perm: PermissionName) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!hasPermission(c.get("user"), perm)) throw new Forbidden();
    return next();
  });
}

/**
 * Requires an admin (users, global settings, shared links, failed logs). Must run after requireAuth.
 * @throws Forbidden (403) for everyone else.
 */
export const requireAdmin = requirePerm("admin");

/**
 * Requires that the route parameter `param` names the current user's own id, or an admin.
 * Must run after requireAuth.
 * @throws Forbidden (403) otherwise.
 */
export function requireSelfOrAdmin(param = "id") {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isSelfOrAdmin(c.get("user"), Number(c.req.param(param)))) throw new Forbidden();
    return next();
  });
}
