/**
 * @module Trash calls (docs/product.md "Trash"): GET /api/trash (the caller's entries; an admin's are everyone's),
 * POST /api/trash/{id}/restore with an optional RestoreRequest body, DELETE /api/trash/{id} (delete forever) and
 * DELETE /api/trash (empty the caller's trash). Restoring and deleting for good need the delete permission.
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { requireAuth, requirePerm } from "../auth/middleware";
import { listUsers } from "../db/users-table";
import { BadRequest } from "../errors";
import type { TrashCaller } from "../fs/trash";
import { presentTrash } from "../presenters/trash";
import { currentSettings } from "../settings/settings-service";
import { RESTORE_CONFLICTS, type RestoreConflict, type TrashList } from "../../shared/wire/trash";
import { readJsonBody } from "./request/json-body";
import { resolveUserPath, userPathFilter, userScopeDir } from "./request/request-path";

/** The caller as the trash knows them. */
function caller(c: Context<AppEnv>): TrashCaller {
  const user = c.get("user");
  return { id: user.id, isAdmin: user.perm.admin, scopeAbs: userScopeDir(c) };
}

/**
 * The restore options of a JSON body: the folder (virtual, resolved and checked like any path of the caller) and
 * the conflict choice.
 * @throws BadRequest (400) for a body that is not an object, or a bad field.
 */
function restoreOptions(
  c: Context<AppEnv>,
  body: unknown,
  originalDir: string,
): { folder: string; conflict: RestoreConflict } {
  if (body === undefined || body === null) return { folder: originalDir, conflict: "fail" };
  if (typeof body !== "object" || Array.isArray(body)) throw new BadRequest("the body must be a JSON object");
  const { destination, conflict } = body as Record<string, unknown>;
  if (conflict !== undefined && !RESTORE_CONFLICTS.includes(conflict as RestoreConflict))
    throw new BadRequest(`conflict must be one of ${RESTORE_CONFLICTS.join(", ")}`);
  if (destination !== undefined && typeof destination !== "string")
    throw new BadRequest("destination must be a folder path");
  const folder = destination === undefined ? originalDir : resolveUserPath(c, destination).path;
  return { folder, conflict: (conflict as RestoreConflict | undefined) ?? "fail" };
}

export const trashRoutes = new Hono<AppEnv>()
  .use("/trash", requireAuth)
  .use("/trash/*", requireAuth)
  .get("/trash", (c) => {
    const me = caller(c);
    const { db, trash } = c.get("deps");
    const names = me.isAdmin ? new Map(listUsers(db).map((u) => [u.id, u.username])) : null;
    const items = trash
      .list(me, userPathFilter(c))
      .map((v) => presentTrash(v, names ? (v.row.userId === null ? "" : (names.get(v.row.userId) ?? "")) : undefined));
    const list: TrashList = { items, retentionDays: currentSettings(db).trashRetentionDays };
    return c.json(list);
  })
  .post("/trash/:id/restore", requirePerm("delete"), async (c) => {
    const me = caller(c);
    const isAllowed = userPathFilter(c);
    const { trash } = c.get("deps");
    const entry = trash.find(me, c.req.param("id"), isAllowed);
    const original = entry.path.slice(0, entry.path.lastIndexOf("/")) || "/";
    const { folder, conflict } = restoreOptions(c, await readJsonBody(c), original);
    return c.json({ path: await trash.restore(me, entry, folder, conflict, isAllowed) });
  })
  .delete("/trash/:id", requirePerm("delete"), async (c) => {
    const { trash } = c.get("deps");
    await trash.forget(trash.find(caller(c), c.req.param("id"), userPathFilter(c)).row);
    return c.text("200 OK");
  })
  .delete("/trash", requirePerm("delete"), async (c) => {
    const { trash } = c.get("deps");
    const entries = trash.list(caller(c), userPathFilter(c));
    for (const { row } of entries) await trash.forget(row);
    return c.json({ removed: entries.length });
  });
