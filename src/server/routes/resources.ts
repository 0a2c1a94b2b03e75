/** @module /api/resources: read a file or folder, upload, create a folder, delete (SPEC section 7). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAuth, requirePerm } from "../auth/middleware";
import { requestTarget, userScopeDir } from "./request-path";
import { describe, listFolder } from "../fs/listing";
import { readTextContent } from "../fs/read-text";
import { exists, writeFileAtomically } from "../fs/upload";
import { createFolder, deletePath } from "../fs/operations";
import { presentFile, presentListing } from "../presenters/resource";
import { Forbidden } from "../errors";

const ROUTE = "resources";

export const resourceRoutes = new Hono<AppEnv>()
  .use("/resources/*", requireAuth)
  .use("/resources", requireAuth)
  .get("/resources/*", async (c) => {
    const user = c.get("user");
    const target = requestTarget(c, ROUTE);
    const canModify = user.perm.admin || user.perm.modify;
    const name = target.path.split("/").pop() ?? "";
    const info = describe(target.abs, target.path, name);
    if (info.isDir) {
      return c.json(presentListing(listFolder(userScopeDir(c), target.abs, target.path, user.showHidden, user.sorting), canModify, user.sorting));
    }
    const content = info.type === "text" ? await readTextContent(target.abs, info.size) : undefined;
    return c.json(presentFile(info, canModify, content));
  })
  .post("/resources/*", requirePerm("create"), async (c) => {
    const user = c.get("user");
    const target = requestTarget(c, ROUTE);
    if (target.path === "/") throw new Forbidden("the scope root already exists");
    if (target.wantsDir) {
      await createFolder(target);
      return c.text("200 OK");
    }
    const override = c.req.query("override") === "true";
    // Replacing an existing file changes its content: that needs the modify permission too (SPEC section 6).
    if (override && !user.perm.admin && !user.perm.modify && (await exists(target.abs))) throw new Forbidden();
    // A long upload must not be cut by the server's idle timeout (STACK-NOTES section 5).
    (c.env as { timeout?: (r: Request, s: number) => void } | undefined)?.timeout?.(c.req.raw, 0);
    await writeFileAtomically(target.abs, c.req.raw.body, override);
    return c.text("200 OK");
  })
  .delete("/resources/*", requirePerm("delete"), async (c) => {
    await deletePath(requestTarget(c, ROUTE));
    return c.text("200 OK");
  });
