/**
 * @module Public share calls, no login (SPEC section 7): GET /api/public/share/{hash}[/sub/path] answers the shared
 * item (a folder with its listing, or a sub-folder's), GET /api/public/dl/{hash}[/sub/path] downloads it like
 * /api/raw (Range, validators, inline, thumbnails, archives with algo=). Paths resolve under the shared path in the
 * owner's scope with the owner's rules; every refusal answers 404 and never data.
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../env";
import { liveLink } from "../shares/share-service";
import { describe, listFolder } from "../fs/listing";
import { presentFile, presentListing } from "../presenters/resource";
import { HttpError, NotFound } from "../errors";
import { shareTarget, userPathFilter, userScopeDir } from "./request-path";
import { answerRaw } from "./raw";
import type { ScopedPath } from "../fs/scope";
import type { Resource } from "../../shared/wire/resource";

/** Runs `fn` as the owner of link `hash`, confined to its path; every failure but a server error becomes 404. */
async function asShare(c: Context<AppEnv>, route: "share" | "dl", fn: (target: ScopedPath, base: string) => Promise<Response>): Promise<Response> {
  const hash = c.req.param("hash") ?? "";
  try {
    const { share, owner } = liveLink(c.get("deps").db, hash, Math.floor(Date.now() / 1000));
    c.set("user", owner);
    c.set("mediaPrefix", share.path);
    const target = shareTarget(c, `public/${route}/${hash}`, share.path);
    await stat(target.abs);
    // Paths answered to the public are relative to the shared folder, never the owner's.
    const base = share.path.endsWith("/") ? share.path.slice(0, -1) : share.path.slice(0, share.path.lastIndexOf("/"));
    return await fn(target, base);
  } catch (err) {
    const status = err instanceof HttpError ? err.status : (err as { code?: string })?.code ? 404 : 500;
    if (status >= 500) throw err;
    throw new NotFound();
  }
}

/** A resource whose path (and its items' paths) are made relative to `base`. */
function rebase(r: Resource, base: string): Resource {
  const path = r.path.slice(base.length) || "/";
  return { ...r, path, url: `/share${path}`, ...(r.items ? { items: r.items.map((i) => rebase(i, base)) } : {}) };
}

export const publicRoutes = new Hono<AppEnv>()
  .get("/public/share/:hash{[^/]+}/*", (c) => info(c))
  .get("/public/share/:hash{[^/]+}", (c) => info(c))
  .on(["GET", "HEAD"], ["/public/dl/:hash{[^/]+}/*", "/public/dl/:hash{[^/]+}"], (c) => asShare(c, "dl", (target) => answerRaw(c, [target])));

function info(c: Context<AppEnv>): Promise<Response> {
  return asShare(c, "share", async (target, base) => {
    const owner = c.get("user");
    const name = target.path.split("/").pop() || "/";
    const item = describe(target.abs, target.path, name);
    const body = item.isDir
      ? presentListing(listFolder(userScopeDir(c), target.abs, target.path, false, owner.sorting, userPathFilter(c)), false, owner.sorting)
      : presentFile(item, false);
    return c.json({ ...rebase(body, base), hash: c.req.param("hash") });
  });
}
