/**
 * @module The answer for one file as it is (GET/HEAD with Range and validators), shared by `/api/raw` in the
 * main app (raw.ts) and by the transfer threads (routes/transfer-app.ts), which serve only this case.
 */
import { closeSync, constants, fstatSync } from "node:fs";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import type { ScopedPath } from "../../fs/scope";
import { assertMayReceive } from "../../auth/download-policy";
import { fileResponse } from "../../http/file-response";
import { BadRequest } from "../../errors";
import { openBeneath } from "../../fs/beneath";
import { mimeTypeOf } from "../../fs/file-type";
import { rawContentSecurityPolicy } from "../../http/security-headers";

/**
 * The file `target` with its MIME type from the name (`name`, else its own), inline when `inline`, else as an
 * attachment, sandboxed by
 * the raw-file CSP (fileResponse: 200, 206, 304 or 416). The file is opened beneath the scope once and its bytes
 * and validators come from that descriptor (docs/security.md "Paths and races").
 * @throws FsError OUTSIDE_SCOPE (403) when the path leads out of the scope at the open; ENOENT (404); BadRequest
 *   (400) when it is a folder by then.
 */
export function plainFileResponse(
  c: Context<AppEnv>,
  target: ScopedPath,
  inline: boolean,
  name = target.path.split("/").pop() || "download",
): Response {
  // The file's own bytes, inline or not: never without the download permission (auth/download-policy.ts).
  assertMayReceive(c.get("user"), "original");
  // O_NONBLOCK: a FIFO put in place of the file answers 400 below instead of holding the open.
  const fd = openBeneath(target.scope, target.path, constants.O_RDONLY | constants.O_NONBLOCK);
  let st;
  try {
    st = fstatSync(fd);
    if (!st.isFile()) throw new BadRequest("only a file can be answered as it is");
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  const contentType = mimeTypeOf(name);
  return fileResponse(c.req.raw, {
    fd,
    st,
    name,
    contentType,
    inline,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(contentType) },
  });
}
