/**
 * @module /api/tus/{path}: resumable uploads with the tus protocol 1.0 (core, creation, creation-with-upload,
 * termination, expiration), addressed by the target path as File Browser does. POST creates (Upload-Length,
 * Upload-Metadata, optionally the first bytes), HEAD answers Upload-Offset, PATCH appends at that offset,
 * DELETE terminates, OPTIONS tells what the server speaks. Auth, the create/modify permissions, the scope and
 * the rules are those of the plain POST upload; the file takes its name only once complete, with `override`
 * and 409 as there.
 */
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { requireAuth, requirePerm } from "../auth/middleware";
import { hasPermission } from "../auth/permissions";
import { requestTarget } from "./request/request-path";
import { currentSettings } from "../settings/settings-service";
import { exists } from "../fs/upload";
import { assertNoTempName } from "../fs/temp-name";
import type { ScopedPath } from "../fs/scope";
import { BadRequest, Forbidden, NotFound, PreconditionFailed, toErrorResponse, UnsupportedMediaType } from "../errors";
import { withHooks } from "../commands/hooks";
import { hookRequest } from "./request/hook-request";
import {
  TUS_CONTENT_TYPE,
  TUS_VERSION,
  discoveryHeaders,
  formatExpires,
  formatMetadata,
  parseByteCount,
  parseMetadata,
  speaksOurVersion,
} from "../tus/tus-headers";
import { finishUpload, isComplete, startUpload, writeChunk } from "../tus/tus-upload";
import type { TusUpload } from "../tus/tus-store";
import { recordChange } from "./request/activity";

const ROUTE = "tus";

/** Every answer carries Tus-Resumable; requests other than OPTIONS must name our version (else 412). */
export const tusProtocol = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "OPTIONS" && !speaksOurVersion(c.req.header("Tus-Resumable"))) {
    c.header("Tus-Version", TUS_VERSION);
    throw new PreconditionFailed(`Tus-Resumable ${TUS_VERSION} is required`);
  }
  await next();
  c.res.headers.set("Tus-Resumable", TUS_VERSION);
  c.res.headers.set("Cache-Control", "no-store");
});

export const tusRoutes = new Hono<AppEnv>()
  .use("/tus/*", tusProtocol, requireAuth, requirePerm("create"))
  .options("/tus/*", (c) => {
    for (const [k, v] of Object.entries(discoveryHeaders())) c.header(k, v);
    return c.body(null, 204);
  })
  /** Creation (and creation-with-upload when the request has a body); `?override=true` replaces an existing file. */
  .post("/tus/*", async (c) => {
    const user = c.get("user");
    const target = fileTarget(c);
    assertNoTempName(target.path);
    const override = c.req.query("override") === "true";
    // Replacing an existing file changes its content: that needs the modify permission too (docs/product.md "Roles and
    // permissions").
    if (override && !hasPermission(user, "modify") && (await exists(target.abs))) throw new Forbidden();
    const length = parseByteCount(c.req.header("Upload-Length"));
    if (length === null)
      throw new BadRequest(
        c.req.header("Upload-Defer-Length") ? "Upload-Defer-Length is not supported" : "Upload-Length is required",
      );
    const metadata = parseMetadata(c.req.header("Upload-Metadata"));
    if (!metadata) throw new BadRequest("malformed Upload-Metadata");
    const { tus, db } = c.get("deps");
    const up = await startUpload(
      tus,
      { userId: user.id, abs: target.abs, length, override, metadata },
      currentSettings(db).tusUploadsPerUser,
      target,
    );
    if (c.req.header("Content-Type") === TUS_CONTENT_TYPE) await receive(c, target, up, 0);
    else if (isComplete(up)) await finish(c, target, up);
    c.header("Location", new URL(c.req.url).pathname);
    return progressAnswer(c, up, 201);
  })
  /** HEAD (Hono answers HEAD through GET with the body left out): where the upload stands. */
  .get("/tus/*", async (c) => {
    const up = await liveUpload(c, fileTarget(c));
    c.header("Upload-Length", String(up.length));
    if (Object.keys(up.metadata).length > 0) c.header("Upload-Metadata", formatMetadata(up.metadata));
    return progressAnswer(c, up, 200);
  })
  .patch("/tus/*", async (c) => {
    const target = fileTarget(c);
    const up = await liveUpload(c, target);
    if (c.req.header("Content-Type") !== TUS_CONTENT_TYPE)
      throw new UnsupportedMediaType(`the body must be ${TUS_CONTENT_TYPE}`);
    const offset = parseByteCount(c.req.header("Upload-Offset"));
    if (offset === null) throw new BadRequest("Upload-Offset is required");
    await receive(c, target, up, offset);
    return progressAnswer(c, up, 204);
  })
  /** Termination: the temp file goes, the target is untouched. */
  .delete("/tus/*", async (c) => {
    const target = fileTarget(c);
    const up = await liveUpload(c, target);
    await c.get("deps").tus.remove(up);
    c.get("deps").log.info(`tus upload of ${target.path} cancelled at ${up.offset} of ${up.length} bytes`);
    return c.body(null, 204);
  });

/**
 * The request's target file, through the one resolver and the user's rules.
 * @throws FsError OUTSIDE_SCOPE or Forbidden (403) for escapes and denied paths; BadRequest (400) for a folder path.
 */
function fileTarget(c: Context<AppEnv>): ScopedPath {
  const target = requestTarget(c, ROUTE);
  if (target.path === "/") throw new Forbidden("the scope root already exists");
  if (target.wantsDir) throw new BadRequest("tus uploads files, not folders");
  return target;
}

/** @throws NotFound (404) when the user has no live upload to `target` (never created, finished, terminated or expired). */
async function liveUpload(c: Context<AppEnv>, target: ScopedPath): Promise<TusUpload> {
  const up = await c.get("deps").tus.get(c.get("user").id, target.abs);
  if (!up) throw new NotFound("no such upload");
  return up;
}

/** Writes the request body at `offset`, then finishes the upload when it is complete. Shared with public-tus.ts. */
export async function receive(c: Context<AppEnv>, target: ScopedPath, up: TusUpload, offset: number): Promise<void> {
  const declared = parseByteCount(c.req.header("Content-Length"));
  const result = await writeChunk(c.get("deps").tus, up, offset, c.req.raw.body, declared, target);
  if (result.aborted) {
    // Nobody reads this answer; the client resumes from the stored offset after asking HEAD.
    c.get("deps").log.info(`tus upload of ${target.path} paused by the client at ${up.offset} of ${up.length} bytes`);
    return;
  }
  if (isComplete(up)) await finish(c, target, up);
}

/** Gives the complete upload its name between the admin's upload hooks; a refused before-hook drops the upload. */
export async function finish(c: Context<AppEnv>, target: ScopedPath, up: TusUpload): Promise<void> {
  const { tus } = c.get("deps");
  await withHooks(hookRequest(c, "upload", target), () => finishUpload(tus, up, target)).catch(async (err) => {
    await tus.remove(up);
    recordChange(c, "upload", target, { bytes: up.length, result: toErrorResponse(err).body });
    throw err;
  });
  // The upload is one entry of the activity log, made when it is whole (docs/product.md "Activity log").
  recordChange(c, "upload", target, { bytes: up.length, result: "ok" });
}

/** An empty answer with the upload's offset and, while incomplete, its expiry (tus expiration extension). */
export function progressAnswer(c: Context<AppEnv>, up: TusUpload, status: 200 | 201 | 204): Response {
  c.header("Upload-Offset", String(up.offset));
  if (!isComplete(up)) c.header("Upload-Expires", formatExpires(up.expiresAt));
  return c.body(null, status);
}
