/**
 * @module GET /api/progress/{id}: the counts of a long copy, move or delete the same user started with an
 * `X-Progress-Id` header (fs/op-progress.ts): `{action, totalItems, totalBytes, doneItems, doneBytes, done}`.
 * An unknown id, or one of another user, answers 404.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireAuth } from "../auth/middleware";
import { progressOf } from "../fs/op-progress";
import { NotFound } from "../errors";

/** The progress call. */
export const progressRoutes = new Hono<AppEnv>().get("/progress/:id", requireAuth, (c) => {
  const p = progressOf(c.req.param("id"), c.get("user").id);
  if (!p) throw new NotFound("no such operation");
  return c.json(p);
});
