/**
 * @module GET and DELETE /api/logs: failed logins per IP, and unbanning by removing a record (admins only); a
 * removal also forgets the login attempt limits counted in memory (auth/attempt-limits.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth } from "../auth/middleware";
import { deleteAllFailedLogins, deleteFailedLogin, listFailedLogins } from "../db/failed-logins-table";
import { isBanActive } from "../auth/login-ban";
import { clearLoginAttempts } from "../auth/attempt-limits";
import { getSettings } from "../settings/settings-service";
import { presentFailedLogin } from "../presenters/failed-login";
import { BadRequest, NotFound } from "../errors";
import { nowSeconds } from "../deps";

/** Failed-login records for admins. */
export const logRoutes = new Hono<AppEnv>()
  .use("/logs", requireAuth, requireAdmin)
  .get("/logs", (c) => {
    const db = c.get("deps").db;
    const ban = getSettings(db).loginBan;
    const now = nowSeconds(c.get("deps").clock);
    return c.json(listFailedLogins(db).map((rec) => presentFailedLogin(rec, isBanActive(rec.bannedAt, ban, now))));
  })
  .delete("/logs", (c) => {
    const db = c.get("deps").db;
    // Remove-all of the failed logins: `?all=true` clears every record (operationId removeFailedLogins).
    if (c.req.query("all") === "true") {
      clearLoginAttempts(db);
      return c.json({ removed: deleteAllFailedLogins(db) });
    }
    const ip = c.req.query("ip");
    if (!ip) throw new BadRequest("ip is required");
    if (!deleteFailedLogin(db, ip)) throw new NotFound();
    clearLoginAttempts(db);
    return c.text("200 OK");
  });
