/**
 * @module /api/public/tus/{hash}/{name}: resumable uploads into an upload-only share folder, the tus 1.0 protocol of
 * /api/tus (tus.ts) under the link's rules: a new file straight in the shared folder, never over an existing one,
 * as the link's owner. The creation answers a Location carrying a random `key`; HEAD, PATCH and DELETE need it, so
 * another visitor of the link can neither read, extend nor end an upload they did not start, and a name already
 * being uploaded is refused (409) instead of started over (docs/security.md "Public previews").
 */
import { Hono, type Context } from "hono";
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { AppEnv } from "../app-env";
import type { ScopedPath } from "../fs/scope";
import type { ShareRow } from "../db/shares-table";
import type { TusUpload } from "../tus/tus-store";
import { asShare } from "./public";
import { finish, progressAnswer, receive, tusProtocol } from "./tus";
import { hasPermission } from "../auth/permissions";
import { assertNoTempName } from "../fs/temp-name";
import { currentSettings } from "../settings/settings-service";
import { startUpload, isComplete } from "../tus/tus-upload";
import { TUS_CONTENT_TYPE, discoveryHeaders, parseByteCount, parseMetadata } from "../tus/tus-headers";
import { BadRequest, Conflict, NotFound, UnsupportedMediaType } from "../errors";

/** The metadata entry holding an upload's key: set by the server, never answered. */
const KEY_FIELD = "fbe-visitor-key";
/** Random bytes of an upload's key (base64url in the URL). */
const KEY_BYTES = 18;

type Handler = (c: Context<AppEnv>, target: ScopedPath, share: ShareRow) => Promise<Response>;

/**
 * Runs `fn` for an upload into link `hash`: the link live and unlocked, upload-only, its owner allowed to create,
 * the target a plain new name straight in the shared folder.
 */
function visitorUpload(fn: Handler) {
  return (c: Context<AppEnv>) =>
    asShare(c, "tus", false, async (target, share) => {
      const parent = target.path.slice(0, target.path.lastIndexOf("/") + 1);
      assertNoTempName(target.path);
      if (!share.uploadOnly || target.wantsDir || parent !== share.path || !hasPermission(c.get("user"), "create"))
        throw new NotFound();
      return fn(c, target, share);
    });
}

/** The visitor's live upload to `target`, when the request's `key` is its key. @throws NotFound (404) otherwise. */
async function keyedUpload(c: Context<AppEnv>, target: ScopedPath): Promise<TusUpload> {
  const up = await c.get("deps").tus.get(c.get("user").id, target.abs);
  const given = Buffer.from(c.req.query("key") ?? "");
  const key = Buffer.from(up?.metadata[KEY_FIELD] ?? "");
  if (!up || key.length === 0 || given.length !== key.length || !timingSafeEqual(given, key))
    throw new NotFound("no such upload");
  return up;
}

export const publicTusRoutes = new Hono<AppEnv>()
  .use("/public/tus/*", tusProtocol)
  .options("/public/tus/*", (c) => {
    for (const [k, v] of Object.entries(discoveryHeaders())) c.header(k, v);
    return c.body(null, 204);
  })
  .post(
    "/public/tus/:hash{[^/]+}/*",
    visitorUpload(async (c, target) => {
      const { tus, db } = c.get("deps");
      const length = parseByteCount(c.req.header("Upload-Length"));
      if (length === null) throw new BadRequest("Upload-Length is required");
      const metadata = parseMetadata(c.req.header("Upload-Metadata"));
      if (!metadata) throw new BadRequest("malformed Upload-Metadata");
      // Someone else's upload of this name is theirs to finish: a second creation would start it over.
      if (await tus.get(c.get("user").id, target.abs)) throw new Conflict("this name is being uploaded");
      const key = randomBytes(KEY_BYTES).toString("base64url");
      const up = await startUpload(
        tus,
        {
          userId: c.get("user").id,
          abs: target.abs,
          length,
          override: false,
          metadata: { ...metadata, [KEY_FIELD]: key },
        },
        currentSettings(db).tusUploadsPerUser,
        target,
      );
      if (c.req.header("Content-Type") === TUS_CONTENT_TYPE) await receive(c, target, up, 0);
      else if (isComplete(up)) await finish(c, target, up);
      c.header("Location", `${new URL(c.req.url).pathname}?key=${key}`);
      return progressAnswer(c, up, 201);
    }),
  )
  .get(
    "/public/tus/:hash{[^/]+}/*",
    visitorUpload(async (c, target) => {
      const up = await keyedUpload(c, target);
      c.header("Upload-Length", String(up.length));
      return progressAnswer(c, up, 200);
    }),
  )
  .patch(
    "/public/tus/:hash{[^/]+}/*",
    visitorUpload(async (c, target) => {
      const up = await keyedUpload(c, target);
      if (c.req.header("Content-Type") !== TUS_CONTENT_TYPE)
        throw new UnsupportedMediaType(`the body must be ${TUS_CONTENT_TYPE}`);
      const offset = parseByteCount(c.req.header("Upload-Offset"));
      if (offset === null) throw new BadRequest("Upload-Offset is required");
      await receive(c, target, up, offset);
      return progressAnswer(c, up, 204);
    }),
  )
  .delete(
    "/public/tus/:hash{[^/]+}/*",
    visitorUpload(async (c, target) => {
      await c.get("deps").tus.remove(await keyedUpload(c, target));
      return c.body(null, 204);
    }),
  );
