/** @module POST /api/login and POST /api/renew (SPEC section 7, CONTRACT "HTTP API"). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAuth } from "../auth/middleware";
import { issueToken } from "../auth/jwt";
import { checkCredentials } from "../users/user-service";
import { findUserById } from "../db/users-table";
import { BadRequest, Forbidden } from "../errors";

interface LoginBody {
  username?: unknown;
  password?: unknown;
  otpPasscode?: unknown;
}

export const loginRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const deps = c.get("deps");
    if (deps.config.noauth) {
      const user = findUserById(deps.db, 1);
      if (!user) throw new Forbidden();
      return c.text(await issueToken(user, deps.secret));
    }
    const body = (await c.req.json().catch(() => null)) as LoginBody | null;
    if (!body || typeof body !== "object") throw new BadRequest("JSON body expected");
    const username = typeof body.username === "string" ? body.username.trim() : "";
    const password = typeof body.password === "string" ? body.password : "";
    if (!username || !password) throw new Forbidden();
    const user = await checkCredentials(deps.db, username, password);
    if (!user) throw new Forbidden();
    return c.text(await issueToken(user, deps.secret));
  })
  .post("/renew", requireAuth, async (c) => {
    const deps = c.get("deps");
    c.header("X-Renew-Token", null as unknown as string);
    return c.text(await issueToken(c.get("user"), deps.secret));
  });
