/**
 * @module GET /api/openapi.json: the OpenAPI 3.1 document of every route (openapi/document.ts), without auth. It names
 * routes and shapes only, never paths of the files root or secrets. Built once on the first request, with a strong
 * ETag (If-None-Match answers 304).
 */
import { Hono } from "hono";
import { createHash } from "node:crypto";
import type { AppEnv } from "../app-env";
import { buildOpenApiDocument, type RouteEntry } from "../openapi/document";

/** The document route; `routes` lists the whole app's routes once it is built (createApp passes `() => app.routes`). */
export function openApiRoutes(routes: () => readonly RouteEntry[]) {
  let built: { json: string; etag: string } | null = null;
  return new Hono<AppEnv>().get("/openapi.json", (c) => {
    const deps = c.get("deps");
    if (!built) {
      const json = JSON.stringify(
        buildOpenApiDocument({ routes: routes(), baseurl: deps.config.baseurl, version: deps.build.version }),
      );
      built = { json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
    }
    const headers = { ETag: built.etag, "Cache-Control": "no-cache" };
    const asked = c.req.header("If-None-Match");
    if (asked && asked.split(",").some((t) => t.trim() === built!.etag)) return c.body(null, 304, headers);
    return c.body(built.json, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
  });
}
