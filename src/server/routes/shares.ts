/**
 * @module Share link calls (docs/product.md "Share calls"): POST /api/share/{path}?expires=N&unit=U (no query: the
 * permalink; an optional JSON body of ShareOptions adds a password, upload-only or a download limit),
 * GET /api/share/{path} (the caller's links of a path), GET /api/shared (admins: every link),
 * PATCH /api/share/{hash} with {downloadRate} (owner or admin: the link's public download speed),
 * DELETE /api/share/{hash} (owner or admin).
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth, requirePerm } from "../auth/middleware";
import {
  changeLinkRate,
  checkOptions,
  createShare,
  everyLink,
  linksOfPath,
  parseExpiry,
  removeLink,
} from "../shares/share-service";
import { presentShare } from "../presenters/share";
import { listUsers } from "../db/users-table";
import { requestTarget } from "./request/request-path";
import { readJsonBody } from "./request/json-body";
import { nowSeconds } from "../deps";

/** Unix seconds of the server's clock. */
const now = (c: Context<AppEnv>) => nowSeconds(c.get("deps").clock);

/** The shared path as stored: a folder ends with "/". */
async function sharedPath(abs: string, path: string): Promise<string> {
  return (await stat(abs)).isDirectory() ? (path === "/" ? "/" : `${path}/`) : path;
}

export const shareRoutes = new Hono<AppEnv>()
  .use("/share/*", requireAuth, requirePerm("share"))
  .use("/shared", requireAuth, requireAdmin)
  .get("/shared", (c) => {
    const db = c.get("deps").db;
    const names = new Map(listUsers(db).map((u) => [u.id, u.username]));
    return c.json(everyLink(db, now(c)).map((s) => presentShare(s, names.get(s.userId))));
  })
  .post("/share/*", requirePerm("download"), async (c) => {
    const t = now(c);
    const expire = parseExpiry(c.req.query("expires"), c.req.query("unit"), t);
    const target = requestTarget(c, "share");
    const path = await sharedPath(target.abs, target.path);
    const options = await checkOptions((await readJsonBody(c)) ?? {}, path);
    return c.json(presentShare(createShare(c.get("deps").db, c.get("user"), path, expire, t, options)));
  })
  .get("/share/*", async (c) => {
    const target = requestTarget(c, "share");
    const path = await sharedPath(target.abs, target.path);
    return c.json(linksOfPath(c.get("deps").db, c.get("user"), path, now(c)).map((s) => presentShare(s)));
  })
  .patch("/share/:hash", async (c) => {
    const body = (await readJsonBody(c)) ?? null;
    return c.json(presentShare(changeLinkRate(c.get("deps").db, c.get("user"), c.req.param("hash"), body)));
  })
  .delete("/share/:hash", (c) => {
    removeLink(c.get("deps").db, c.get("user"), c.req.param("hash"));
    return c.text("200 OK");
  });
