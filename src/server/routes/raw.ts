/** @module GET /api/raw: file downloads and inline media with Range and validators, image thumbnails (SPEC section 7). */
import { Hono } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../env";
import { requireAuth } from "../auth/middleware";
import { requestTarget } from "./request-path";
import { fileResponse } from "../http/file-response";
import { mimeTypeOf } from "../fs/file-type";
import { extensionOf } from "../fs/file-type";
import { canThumbnail, thumbnailPath } from "../media/thumbnails";
import { BadRequest, Forbidden } from "../errors";
import { THUMB_DEFAULT_WIDTH, THUMB_MAX_WIDTH } from "../constants";
import { rawContentSecurityPolicy } from "../http/security-headers";

export const rawRoutes = new Hono<AppEnv>()
  .use("/raw/*", requireAuth)
  .use("/raw", requireAuth)
  .on(["GET", "HEAD"], "/raw/*", async (c) => {
    const user = c.get("user");
    const deps = c.get("deps");
    const target = requestTarget(c, "raw");
    const inline = c.req.query("inline") === "true";
    const thumb = c.req.query("thumb") === "true";
    // SPEC section 6: download governs downloads; previews (inline media, thumbnails) only need access.
    if (!inline && !thumb && !user.perm.admin && !user.perm.download) throw new Forbidden();
    const st = await stat(target.abs);
    if (st.isDirectory()) throw new BadRequest("folder downloads need an archive format (algo)");
    const name = target.path.split("/").pop() || "download";
    // A long transfer must not be cut by the idle timeout (STACK-NOTES section 5).
    (c.env as { timeout?: (r: Request, s: number) => void } | undefined)?.timeout?.(c.req.raw, 0);
    if (thumb && canThumbnail(extensionOf(name))) {
      const width = parseWidth(c.req.query("w"));
      const cached = await thumbnailPath(deps.config.cacheDir, target.abs, width, deps.log.error);
      if (cached) {
        return fileResponse(c.req.raw, {
          abs: cached, st: await stat(cached), name, contentType: "image/webp", inline: true,
          headers: { "Content-Security-Policy": rawContentSecurityPolicy("image/webp") },
        });
      }
    }
    const contentType = mimeTypeOf(name);
    return fileResponse(c.req.raw, {
      abs: target.abs, st, name, contentType, inline: inline || thumb,
      headers: { "Content-Security-Policy": rawContentSecurityPolicy(contentType) },
    });
  });

function parseWidth(raw: string | undefined): number {
  if (raw === undefined || raw === "") return THUMB_DEFAULT_WIDTH;
  const w = Number(raw);
  if (!Number.isInteger(w) || w < 1 || w > THUMB_MAX_WIDTH) throw new BadRequest(`w must be 1-${THUMB_MAX_WIDTH}`);
  return w;
}
