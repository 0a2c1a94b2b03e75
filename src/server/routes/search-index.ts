/**
 * @module GET /api/search-index and POST /api/search-index/rebuild (Global settings "Indexed Search",
 * admins only): the index status line and the "Rebuild index" button. The rebuild runs in the background; the
 * answer is 202 at once and the status says `building: true` until the walk is done.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth } from "../auth/middleware";
import { presentIndexStatus } from "../presenters/search-index";
import { Conflict } from "../errors";

/** The index status and rebuild calls (admins; others get 403 Forbidden, no token 401). */
export const searchIndexRoutes = new Hono<AppEnv>()
  .get("/search-index", requireAuth, requireAdmin, (c) => c.json(presentIndexStatus(c.get("deps").index)))
  // A rebuild walks the whole root into a new snapshot while the old one keeps answering searches and folder
  // sizes; while a walk already runs, that walk is the answer (refresh joins it).
  .post("/search-index/rebuild", requireAuth, requireAdmin, (c) => {
    const deps = c.get("deps");
    if (!deps.index) throw new Conflict("there is no file index");
    deps.index
      .refresh()
      .catch((err) => deps.log.error(`file index rebuild failed: ${err instanceof Error ? err.message : String(err)}`));
    return c.json(presentIndexStatus(deps.index), 202);
  });
