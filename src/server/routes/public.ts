/**
 * @module Public share calls, no login (docs/product.md "Public share calls"): GET /api/public/share/{hash}[/sub/path]
 * answers the shared item (a folder with its listing, or a sub-folder's), GET /api/public/dl/{hash}[/sub/path]
 * downloads it like /api/raw (Range, validators, inline, thumbnails, archives with algo=). Beyond plain links: POST
 * /api/public/share/{hash}/token unlocks a password link, POST /api/public/upload/{hash}/{name} puts a file into an
 * upload-only folder (never over an existing one). Paths resolve under the shared path in the owner's scope with
 * the owner's rules; every refusal answers 404 and never data (401 when a password is needed, 409 for a taken name).
 * A link with a download limit counts every answer carrying the file's bytes (a Range part by its bytes) and
 * answers 404 once it is used up. A link with a download speed sends all its bodies together no faster than that.
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../app-env";
import { liveLink } from "../shares/share-service";
import { hasShareAccess, unlockShare } from "../shares/share-access";
import { takeDownloadUnits, type ShareRow } from "../db/shares-table";
import { answerUnits } from "../shares/download-count";
import { etagOf } from "../http/file-response";
import { describe } from "../fs/describe";
import { listFolderCached } from "../listing/list-folder";
import { writeFileAtomically } from "../fs/upload";
import { assertNoTempName } from "../fs/temp-name";
import { withHooks } from "../commands/hooks";
import { hookRequest } from "./request/hook-request";
import { presentFile, presentListing } from "../presenters/resource";
import { hasPermission } from "../auth/permissions";
import { currentSettings } from "../settings/settings-service";
import { BadRequest, HttpError, NotFound, Unauthorized } from "../errors";
import { shareTarget, userPathFilter, userScopeDir } from "./request/request-path";
import { clientIp } from "./request/client-ip";
import { answerRaw } from "./raw";
import { throttleStream } from "../http/throttle-stream";
import { pacerOf } from "../shares/download-pacers";
import type { ScopedPath } from "../fs/scope";
import type { Resource } from "../../shared/wire/resource";
import type { PublicResource } from "../../shared/wire/share";
import { SHARE_TOKEN_HEADER } from "../../shared/wire/headers";
import { CREDENTIALS_BODY_MAX_BYTES, readJsonBody } from "./request/json-body";
import { nowSeconds } from "../deps";

/** The public route names: each is the URL prefix `public/{route}/{hash}` its sub-path comes after. */
export type Route = "share" | "dl" | "upload" | "tus" | "playlist" | "frame" | "probe" | "vtt" | "markdown";

/** Statuses and file errors that pass through as they are; every other refusal is a plain 404. */
const KEPT_STATUSES = new Set([400, 401, 409, 412, 413, 415, 416, 429]);
const KEPT_FS_CODES = new Set(["EEXIST", "EISDIR"]);

/**
 * Runs `fn` as the owner of link `hash`, confined to its path, after the link's password check; `mustExist`
 * stats the target first. Every refusal but the kept statuses answers 404 (docs/security.md "Share links").
 */
export async function asShare(
  c: Context<AppEnv>,
  route: Route,
  mustExist: boolean,
  fn: (target: ScopedPath, share: ShareRow, base: string) => Promise<Response>,
): Promise<Response> {
  const hash = c.req.param("hash") ?? "";
  try {
    const deps = c.get("deps");
    const { share, owner } = liveLink(deps.db, hash, nowSeconds(deps.clock));
    if (
      share.passwordHash &&
      !(await hasShareAccess(deps.secret, hash, c.req.header(SHARE_TOKEN_HEADER) || c.req.query("token")))
    ) {
      throw new Unauthorized("password required");
    }
    c.set("user", owner);
    c.set("mediaPrefix", share.path);
    c.set("sharePath", share.path);
    const target = shareTarget(c, `public/${route}/${hash}`, share.path);
    if (mustExist) await stat(target.abs);
    // Paths answered to the public are relative to the shared folder, never the owner's.
    const base = share.path.endsWith("/") ? share.path.slice(0, -1) : share.path.slice(0, share.path.lastIndexOf("/"));
    return await fn(target, share, base);
  } catch (err) {
    if (err instanceof HttpError && KEPT_STATUSES.has(err.status)) throw err;
    const code = (err as { code?: string })?.code;
    if (code && KEPT_FS_CODES.has(code)) throw err;
    if (!(err instanceof HttpError) && !code) throw err;
    throw new NotFound();
  }
}

/** A resource whose path (and its items' paths) are made relative to `base`. */
function rebase(r: Resource, base: string): Resource {
  const path = r.path.slice(base.length) || "/";
  return { ...r, path, url: `/share${path}`, ...(r.items ? { items: r.items.map((i) => rebase(i, base)) } : {}) };
}

function info(c: Context<AppEnv>): Promise<Response> {
  return asShare(c, "share", true, async (target, share, base) => {
    const hash = share.hash;
    const owner = c.get("user");
    const name = target.path.split("/").pop() || "/";
    // An upload-only folder shows only itself: no listing, no sub-folder.
    if (share.uploadOnly) {
      if (`${target.path}/` !== share.path && target.path !== share.path) throw new NotFound();
      return c.json({ name, isDir: true, path: "/", uploadOnly: true, hash } satisfies Partial<PublicResource>);
    }
    const item = describe(target.abs, target.path, name);
    const body = item.isDir
      ? presentListing(
          await listFolderCached(userScopeDir(c), target.abs, target.path, false, owner.sorting, userPathFilter(c)),
          false,
          owner.sorting,
        )
      : presentFile(item, false);
    return c.json({ ...rebase(body, base), hash, uploadOnly: false } satisfies PublicResource);
  });
}

export const publicRoutes = new Hono<AppEnv>()
  .post("/public/share/:hash{[^/]+}/token", async (c) => {
    const deps = c.get("deps");
    const body = (await readJsonBody(c, CREDENTIALS_BODY_MAX_BYTES)) as { password?: unknown } | null | undefined;
    if (!body || typeof body.password !== "string") throw new BadRequest("JSON body {password} expected");
    const ip = clientIp(c, currentSettings(deps.db).trustProxy);
    try {
      return c.json(
        await unlockShare(deps.db, deps.secret, c.req.param("hash"), body.password, ip, nowSeconds(deps.clock)),
      );
    } catch (err) {
      if (err instanceof HttpError && err.status !== 404) throw err;
      throw new NotFound();
    }
  })
  .get("/public/share/:hash{[^/]+}/*", (c) => info(c))
  .get("/public/share/:hash{[^/]+}", (c) => info(c))
  .on(["GET", "HEAD"], ["/public/dl/:hash{[^/]+}/*", "/public/dl/:hash{[^/]+}"], (c) =>
    asShare(c, "dl", true, async (target, share) => {
      if (share.uploadOnly) throw new NotFound();
      const archive = c.req.query("algo") !== undefined;
      const st = archive ? null : await stat(target.abs);
      const res = await answerRaw(c, [target]);
      // The limit is checked and counted in one statement before any byte leaves (shares/download-count.ts).
      const units = answerUnits({
        method: c.req.method,
        res,
        archive,
        file: st && { etag: etagOf(st), size: st.size },
      });
      // A thumbnail that would be the file itself is no preview on a limited link: browsing never uses it up.
      const thumbIsFile = units > 0 && share.downloadLimit > 0 && c.req.query("thumb") === "true";
      if (thumbIsFile || (units > 0 && !takeDownloadUnits(c.get("deps").db, share.hash, units))) {
        await res.body?.cancel();
        throw new NotFound();
      }
      // The link's speed limit holds for all the bodies it sends together: whole files, ranges, archives, previews.
      if (share.downloadRate > 0 && res.body)
        return new Response(throttleStream(res.body, pacerOf(share.hash, share.downloadRate)), res);
      return res;
    }),
  )
  .post("/public/upload/:hash{[^/]+}/*", (c) =>
    asShare(c, "upload", false, async (target, share) => {
      const parent = target.path.slice(0, target.path.lastIndexOf("/") + 1);
      assertNoTempName(target.path);
      // Files go straight into the shared folder, by name only, never over an existing file.
      if (!share.uploadOnly || target.wantsDir || parent !== share.path || !hasPermission(c.get("user"), "create"))
        throw new NotFound();
      // The owner's upload hooks run for a visitor's upload too (USERNAME is the owner).
      await withHooks(hookRequest(c, "upload", target), () => writeFileAtomically(target, c.req.raw.body, false));
      return c.text("200 OK");
    }),
  );
