/**
 * @module The answer for one file as it is (GET/HEAD with Range and validators), shared by `/api/raw` in the
 * main app (raw.ts) and by the transfer threads (routes/transfer-app.ts), which serve only this case.
 */
import type { Stats } from "node:fs";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { ScopedPath } from "../fs/scope";
import { hasPermission } from "../auth/permissions";
import { Forbidden } from "../errors";
import { fileResponse } from "../http/file-response";
import { mimeTypeOf } from "../fs/file-type";
import { rawContentSecurityPolicy } from "../http/security-headers";

/**
 * SPEC section 6: the download permission governs downloads; previews (`inline`, thumbnails) only need access.
 * @throws Forbidden (403) for a download without it.
 */
export function assertMayDownload(c: Context<AppEnv>, preview: boolean): void {
  if (!preview && !hasPermission(c.get("user"), "download")) throw new Forbidden();
}

/**
 * The file `target` (stat `st`) with its MIME type from the name, inline when `inline`, else as an attachment,
 * sandboxed by the raw-file CSP (fileResponse: 200, 206, 304 or 416).
 */
export function plainFileResponse(c: Context<AppEnv>, target: ScopedPath, st: Stats, inline: boolean): Response {
  const name = target.path.split("/").pop() || "download";
  const contentType = mimeTypeOf(name);
  return fileResponse(c.req.raw, {
    abs: target.abs, st, name, contentType, inline,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(contentType) },
  });
}
