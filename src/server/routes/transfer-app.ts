/**
 * @module The Hono app of a transfer thread: it serves GET/HEAD of one file under `/api/raw` (downloads, inline
 * media, Range reads) with the main app's auth, resolver, rules and answer, and hands every other request to
 * the main thread (proxy.ts). Only requests whose query it knows are served here: thumbnails, archives,
 * subtitles and anything new go to the main thread, which knows them all.
 */
import { Hono } from "hono";
import { statSync } from "node:fs";
import type { AppEnv } from "../app-env";
import type { Deps } from "../deps";
import { commonMiddleware, errorHandler } from "./request/app-common";
import { requireReadAuth } from "../auth/middleware";
import { requestTarget } from "./request/request-path";
import { plainFileResponse } from "./request/raw-file";
import { mayReceive } from "../auth/download-policy";

/** Query parameters of a plain file answer; any other one sends the request to the main thread. */
const PLAIN_FILE_QUERY = new Set(["auth", "inline"]);

/** True when `url` asks `/api/raw` for nothing but the file itself (`prefix` is `<base>/api/raw/`). */
export function isPlainFileRequest(method: string, url: URL, prefix: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!url.pathname.startsWith(prefix)) return false;
  for (const key of url.searchParams.keys()) if (!PLAIN_FILE_QUERY.has(key)) return false;
  return true;
}

/**
 * Builds the thread's app for `deps` (its own store connection; no tasks, HLS, index or tus: no route here
 * uses them). `handOver` answers what the thread does not serve: a folder (its error belongs to the main app's
 * archive rules) or a path this app has no route for.
 */
export function createTransferApp(deps: Deps, handOver: (req: Request) => Promise<Response>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", commonMiddleware(deps));
  app.on(["GET", "HEAD"], `${deps.config.baseurl}/api/raw/*`, requireReadAuth, async (c) => {
    const target = requestTarget(c, "raw");
    // Without the download permission the main app answers what the user may see instead (raw.ts), or refuses.
    if (!mayReceive(c.get("user"), "original")) return handOver(c.req.raw);
    const inline = c.req.query("inline") === "true";
    // A stat on this thread's own loop: the async one costs two hops through Bun's thread pool per request,
    // and a transfer thread has no other requests to keep waiting.
    const st = statSync(target.abs);
    if (st.isDirectory()) return handOver(c.req.raw);
    return plainFileResponse(c, target, inline);
  });
  app.notFound((c) => handOver(c.req.raw));
  app.onError(errorHandler(deps));
  return app;
}
