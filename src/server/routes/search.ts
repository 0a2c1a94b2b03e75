/**
 * @module GET /api/search/{path}?query= (docs/product.md "Search query", "Search calls") and GET/POST/DELETE
 * /api/hot-search (docs/product.md "Search hits and hot keywords", "Hot-search keyword", "Search calls"). Search
 * answers `[{path, dir}]` relative to the searched folder (no leading "/"), ranked exact names first then shorter
 * paths; optional `offset` and `limit` (default and most: SEARCH_MAX_RESULTS). Every search records its keyword,
 * except one started by typing (`typed=true`: a half-typed word is no keyword anybody searched for); the record call
 * the UI sends right after a search (docs/product.md "Search calls") is then not counted twice. Removing a keyword
 * needs admin.
 */
import { linkShownAt } from "../listing/visible-items";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth } from "../auth/middleware";
import { requestTarget, userPathFilter } from "./request/request-path";
import { normalizeVirtualPath } from "../fs/scope";
import { getSettings } from "../settings/settings-service";
import { BadRequest } from "../errors";
import { parseQuery, QueryError } from "../search/query-parser";
import { SEARCH_MAX_RESULTS, searchAnswer } from "../search/search-answer";
import type { FileIndex } from "../search/types";
import { removeKeyword, topKeywords } from "../db/hot-keywords-table";
import { recordedKeyword, recordPostedKeyword, recordSearchKeyword, removedKeyword } from "../search/hot-keywords";

import { HOT_KEYWORDS_DEFAULT } from "../../shared/wire/search";

/** Hot keywords: the upper bound of `num` of GET /api/hot-search. */
const HOT_KEYWORDS_MAX = 100;

export const searchRoutes = new Hono<AppEnv>()
  .use("/search", requireAuth)
  .use("/search/*", requireAuth)
  .get("/search/*", search)
  .get("/search", search)
  .use("/hot-search", requireAuth)
  .get("/hot-search", (c) => {
    const num = count(c.req.query("num"), "num", HOT_KEYWORDS_DEFAULT, 1, HOT_KEYWORDS_MAX);
    return c.json(topKeywords(c.get("deps").db, c.get("user").id, num));
  })
  .post("/hot-search", (c) => {
    recordPostedKeyword(c.get("deps").db, c.get("user").id, recordedKeyword(c.req.query("keyword") ?? ""));
    return c.body(null, 200);
  })
  // docs/product.md "Roles and permissions": admin governs every action not listed; an admin removes from their own
  // list.
  .delete("/hot-search", requireAdmin, (c) => {
    removeKeyword(c.get("deps").db, c.get("user").id, removedKeyword(c.req.query("keyword") ?? ""));
    return c.body(null, 200);
  });

async function search(c: Context<AppEnv>): Promise<Response> {
  const deps = c.get("deps");
  const user = c.get("user");
  const target = requestTarget(c, "search");
  const text = c.req.query("query") ?? "";
  const offset = count(c.req.query("offset"), "offset", 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = count(c.req.query("limit"), "limit", SEARCH_MAX_RESULTS, 0, SEARCH_MAX_RESULTS);
  let query;
  try {
    query = parseQuery(text, getSettings(deps.db).indexLocation !== "");
  } catch (err) {
    if (err instanceof QueryError) throw new BadRequest(err.message);
    throw err;
  }
  if (!query) return c.json([], 200, { "X-Search-Index": indexState(deps.index) });
  if (c.req.query("typed") !== "true") recordSearchKeyword(deps.db, user.id, recordedKeyword(text));
  const allowed = userPathFilter(c);
  const shown = (path: string) => allowed(path) && (user.showHidden || !/\/\./.test(path));
  // A link the listing leaves out (target outside the scope, missing, or hidden by the rules) is no hit either.
  const isVisible = (path: string) => shown(path) && linkShownAt(target.scope, path, shown);
  return searchAnswer({
    query,
    under: target.path,
    abs: target.abs,
    isVisible,
    offset,
    limit,
    scopePrefix: normalizeVirtualPath(user.scope === "." ? "/" : user.scope).path,
    index: deps.index ?? null,
  });
}

/** What `X-Search-Index` says about the index: `ready`, `building`, or `absent` when there is none. */
function indexState(index: FileIndex | null | undefined): string {
  return index ? index.state() : "absent";
}

/**
 * A whole number from the query string within [min, max], `fallback` when absent.
 * @throws BadRequest (400) for anything else.
 */
function count(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,16}$/.test(raw)) throw new BadRequest(`${name} must be a whole number`);
  return Math.min(Math.max(Number(raw), min), max);
}
