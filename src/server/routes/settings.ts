/** @module GET and PUT /api/settings: the global settings and the defaults for new users (admins only, SPEC section 7). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireAuth } from "../auth/middleware";
import { getSettings, updateSettings } from "../settings/settings-service";
import { presentSettings } from "../presenters/settings";
import { BadRequest } from "../errors";

/** Global settings for admins. */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", requireAuth, requireAdmin, (c) => c.json(presentSettings(getSettings(c.get("deps").db))))
  .put("/settings", requireAuth, requireAdmin, async (c) => {
    const body = await c.req.json().catch(() => {
      throw new BadRequest("JSON settings object expected");
    });
    return c.json(presentSettings(updateSettings(c.get("deps").db, body)));
  });
