/**
 * @module What every Hono app of the server shares, the main one (app.ts) and the one of each transfer thread
 * (routes/transfer-app.ts): the deps on the context, the security headers on every answer, and the mapping of
 * thrown errors to a status and a short message.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import type { Deps } from "../deps";
import { toErrorResponse } from "../errors";
import { APP_CSP, COMMON_SECURITY_HEADERS } from "../http/security-headers";

/** Middleware that puts `deps` on the context and the common security headers (and the app CSP unless the route set one) on the answer. */
export function commonMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("deps", deps);
    await next();
    for (const [k, v] of Object.entries(COMMON_SECURITY_HEADERS)) c.res.headers.set(k, v);
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", APP_CSP);
  };
}

/** The app's onError: the status and short message of `err` (errors.ts); unexpected ones are logged with their stack, never answered. */
export function errorHandler(deps: Pick<Deps, "log">) {
  return (err: Error, c: Context<AppEnv>): Response => {
    const { status, body, unexpected } = toErrorResponse(err);
    if (unexpected) deps.log.error(`${c.req.method} ${new URL(c.req.url).pathname}: ${err?.stack || String(err)}`);
    return c.text(body, status);
  };
}
