/**
 * @module Route guards, declared in each route chain: requireAuth (X-Auth header, auth query or cookie; no-auth
 * mode), then requirePerm / requireAdmin / requireSelfOrAdmin (SPEC section 6).
 */
import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { readToken } from "./jwt";
import { findUserById } from "../db/users-table";
import { Forbidden, Unauthorized } from "../errors";
import { TOKEN_RENEW_WINDOW_S } from "../constants";
import type { PermissionName } from "../users/types";
import { hasPermission, isSelfOrAdmin } from "./permissions";

/**
 * Authenticates the request. The token comes from `X-Auth`, the `auth` query parameter or the `auth` cookie
 * (CONTRACT "HTTP API"). In `--noauth` mode every request acts as user id 1.
 * Sets `X-Renew-Token: true` when the token is within an hour of expiry or the user changed since it was issued.
 * @throws Unauthorized (401) without a valid token or when the user no longer exists.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get("deps");
  if (deps.config.noauth) {
    const user = findUserById(deps.db, 1);
    if (!user) throw new Unauthorized();
    c.set("user", user);
    return next();
  }
  const token = c.req.header("X-Auth") || c.req.query("auth") || getCookie(c, "auth") || "";
  const payload = token ? await readToken(token, deps.secret) : null;
  if (!payload) throw new Unauthorized();
  const user = findUserById(deps.db, payload.user.id);
  if (!user) throw new Unauthorized();
  c.set("user", user);
  const now = Math.floor(Date.now() / 1000);
  if (payload.exp - now < TOKEN_RENEW_WINDOW_S || user.updatedAt > payload.iat) c.header("X-Renew-Token", "true");
  return next();
});

/**
 * Requires one permission of the current user (SPEC section 6); admins hold every permission.
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
