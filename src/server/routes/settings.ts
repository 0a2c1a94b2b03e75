/**
 * @module GET and PUT /api/settings: the global settings and the defaults for new users (admins only, docs/product.md
 * "Settings calls").
 */
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth } from "../auth/middleware";
import { getSettings, updateSettings } from "../settings/settings-service";
import { presentSettings } from "../presenters/settings";
import { BadRequest } from "../errors";
import { readJsonBody } from "./request/json-body";

/** Global settings for admins. */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", requireAuth, requireAdmin, (c) => c.json(presentSettings(getSettings(c.get("deps").db))))
  .put("/settings", requireAuth, requireAdmin, async (c) => {
    const body = await readJsonBody(c);
    if (body === undefined) throw new BadRequest("JSON settings object expected");
    const deps = c.get("deps");
    const saved = updateSettings(deps.db, body);
    // The index takes the new interval and excluded folders at once; a new index directory needs a restart.
    deps.index?.reconfigure({ intervalMinutes: saved.indexInterval, excludeDirs: saved.excludeIndexDirs });
    return c.json(presentSettings(saved));
  });
