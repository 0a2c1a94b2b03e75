/**
 * @module File version calls (docs/product.md "Versions"): GET /api/versions/{path} (a file's earlier contents),
 * GET /api/version/{id} (one of them, as a download or inline with ?inline=true; needs download) and
 * POST /api/version/{id}/restore (writes it back, keeping what it replaces as a version; needs modify).
 */
import { Hono } from "hono";
import { posix } from "node:path";
import type { AppEnv } from "../app-env";
import { requireAuth, requirePerm } from "../auth/middleware";
import { listUsers } from "../db/users-table";
import type { FileVersion, VersionList } from "../../shared/wire/versions";
import type { RestoreResult } from "../../shared/wire/trash";
import { plainFileResponse } from "./request/raw-file";
import { requestTarget, userPathFilter, userScopeDir } from "./request/request-path";

export const versionRoutes = new Hono<AppEnv>()
  .use("/versions/*", requireAuth)
  .use("/version/*", requireAuth)
  .get("/versions/*", (c) => {
    const { db, versions } = c.get("deps");
    const rows = versions.list(requestTarget(c, "versions"));
    const names = new Map(listUsers(db).map((u) => [u.id, u.username]));
    const items: FileVersion[] = rows.map((r) => ({
      id: r.id,
      size: r.size,
      modified: new Date(r.modifiedAt).toISOString(),
      replacedAt: new Date(r.replacedAt).toISOString(),
      replacedBy: r.userId === null ? "" : (names.get(r.userId) ?? ""),
    }));
    const list: VersionList = { items };
    return c.json(list);
  })
  .get("/version/:id", requirePerm("download"), async (c) => {
    const { versions } = c.get("deps");
    const v = versions.find(userScopeDir(c), c.req.param("id"), userPathFilter(c));
    const abs = await versions.contentOf(v);
    const content = { scope: v.row.storeDir, path: `/${v.row.id}`, abs, wantsDir: false };
    return plainFileResponse(c, content, c.req.query("inline") === "true", posix.basename(v.path));
  })
  .post("/version/:id/restore", requirePerm("modify"), async (c) => {
    const { versions } = c.get("deps");
    const v = versions.find(userScopeDir(c), c.req.param("id"), userPathFilter(c));
    const result: RestoreResult = { path: await versions.restore(userScopeDir(c), v) };
    return c.json(result);
  });
