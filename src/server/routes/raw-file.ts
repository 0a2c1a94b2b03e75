/**
 * @module The answer for one file as it is (GET/HEAD with Range and validators), shared by `/api/raw` in the
 * main app (raw.ts) and by the transfer threads (routes/transfer-app.ts), which serve only this case.
 */
import type { Stats } from "node:fs";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { ScopedPath } from "../fs/scope";
import { assertMayReceive } from "../auth/download-policy";
import { fileResponse } from "../http/file-response";
import { mimeTypeOf } from "../fs/file-type";
import { rawContentSecurityPolicy } from "../http/security-headers";

/**
 * The file `target` (stat `st`) with its MIME type from the name, inline when `inline`, else as an attachment,
 * sandboxed by the raw-file CSP (fileResponse: 200, 206, 304 or 416).
 * @throws Forbidden (403) without the download permission (auth/download-policy.ts).
 */
export function plainFileResponse(c: Context<AppEnv>, target: ScopedPath, st: Stats, inline: boolean): Response {
  // The file's own bytes, inline or not: never without the download permission (auth/download-policy.ts).
  assertMayReceive(c.get("user"), "original");
  const name = target.path.split("/").pop() || "download";
  const contentType = mimeTypeOf(name);
  return fileResponse(c.req.raw, {
    abs: target.abs, st, name, contentType, inline,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(contentType) },
  });
}
