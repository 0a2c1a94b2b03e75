/**
 * @module What every Hono app of the server shares, the main one (app.ts) and the one of each transfer thread
 * (routes/transfer-app.ts): the deps on the context, the security headers on every answer, and the mapping of
 * thrown errors to a status and a short message.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env";
import type { Deps } from "../../deps";
import { errorBody, toErrorResponse } from "../../errors";
import { hostMatcher } from "../../http/allowed-hosts";
import { requestHost } from "../../auth/middleware";
import { currentSettings } from "../../settings/settings-service";
import { APP_CSP, COMMON_SECURITY_HEADERS, HSTS_VALUE, frameOptionsFor } from "../../http/security-headers";
import { requestOverTls } from "./request-tls";

/** The one path answered whatever the Host (routes/health.ts; it reveals nothing). */
const HEALTH_PATH = "/health";

/**
 * Middleware that puts `deps` on the context, answers 421 to a `Host` the server does not answer for (the
 * `--allowed-hosts` check; GET /health is exempt), and puts the security headers on the answer: the common ones,
 * the app CSP unless the route set one, the X-Frame-Options matching that CSP, and HSTS over TLS when the
 * setting is on.
 */
export function commonMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  let hostAllowed: ((host: string | undefined) => boolean) | undefined;
  return async (c, next) => {
    c.set("deps", deps);
    hostAllowed ??= hostMatcher(deps.config.address, deps.config.allowedHosts);
    // docs/security.md "Host names": a load balancer's health check may address the server by any name.
    if (hostAllowed(requestHost(c)) || c.req.path === HEALTH_PATH) await next();
    else c.res = c.text(errorBody(421, "unknown host name: see --allowed-hosts"), 421);
    const headers = c.res.headers;
    for (const [k, v] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(k, v);
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", APP_CSP);
    headers.set("X-Frame-Options", frameOptionsFor(headers.get("Content-Security-Policy")));
    if (requestOverTls(c) && currentSettings(deps.db).hsts) headers.set("Strict-Transport-Security", HSTS_VALUE);
  };
}

/** The app's onError: the status and short message of `err` (errors.ts); unexpected ones are logged with their stack, never answered. */
export function errorHandler(deps: Pick<Deps, "log">) {
  return (err: Error, c: Context<AppEnv>): Response => {
    const { status, body, unexpected, headers } = toErrorResponse(err);
    if (unexpected) deps.log.error(`${c.req.method} ${new URL(c.req.url).pathname}: ${err?.stack || String(err)}`);
    return c.text(body, status, headers);
  };
}
