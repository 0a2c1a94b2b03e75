/**
 * @module Activity log calls (docs/product.md "Activity log"): GET /api/activity (one page, newest first, filtered by
 * user, action, path and dates; an admin sees every entry, a user the entries of their scope and their own logins)
 * and GET /api/activity.csv (admins: the same filters, every matching entry as RFC 4180 CSV).
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth } from "../auth/middleware";
import { queryActivity, type ActivityFilter, type ActivityRow } from "../db/activity-table";
import { findUserByName } from "../db/users-table";
import { BadRequest } from "../errors";
import { normalizeVirtualPath } from "../fs/scope";
import {
  ACTIVITY_ACTIONS,
  type ActivityAction,
  type ActivityEntry,
  type ActivityPage,
  type ActivityVia,
} from "../../shared/wire/activity";
import { userPathFilter } from "./request/request-path";

/** Entries in one page unless `limit` asks fewer (or more, up to PAGE_MAX). */
const PAGE_DEFAULT = 100;
const PAGE_MAX = 1000;
/** Rows one CSV export holds at most. */
const CSV_MAX_ROWS = 1_000_000;

/** The files-root path of the caller's scope ("" for the whole root). */
function scopePrefix(c: Context<AppEnv>): string {
  const s = normalizeVirtualPath(c.get("user").scope === "." ? "/" : c.get("user").scope).path;
  return s === "/" ? "" : s;
}

/** `root` (a files-root path) as the caller sees it: inside their scope, or null outside it. */
function inScope(prefix: string, root: string): string | null {
  if (prefix === "") return root;
  if (root === prefix) return "/";
  return root.startsWith(`${prefix}/`) ? root.slice(prefix.length) : null;
}

/**
 * The filter of a request's query (user, action, path, from, to, before) for the caller.
 * @throws BadRequest (400) for an unknown action or user, or a date or cursor that is not one.
 */
function filterOf(c: Context<AppEnv>): ActivityFilter {
  const q = (k: string) => c.req.query(k) || undefined;
  const me = c.get("user");
  const f: ActivityFilter = {};
  const action = q("action");
  if (action !== undefined) {
    if (!ACTIVITY_ACTIONS.includes(action as ActivityAction)) throw new BadRequest(`unknown action ${action}`);
    f.action = action;
  }
  const user = q("user");
  if (user !== undefined) {
    const found = findUserByName(c.get("deps").db, user);
    if (!found) throw new BadRequest("no such user");
    f.userId = found.id;
  }
  const date = (k: string) => {
    const v = q(k);
    if (v === undefined) return undefined;
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) throw new BadRequest(`${k} must be a date`);
    return ms;
  };
  f.from = date("from");
  f.to = date("to");
  const before = q("before");
  if (before !== undefined) {
    if (!/^\d{1,15}$/.test(before)) throw new BadRequest("before must be an entry id");
    f.before = Number(before);
  }
  const prefix = scopePrefix(c);
  const path = q("path");
  const inside = path === undefined ? undefined : normalizeVirtualPath(path).path;
  if (inside !== undefined && inside !== "/") f.pathPrefix = `${prefix}${inside}`;
  else if (!me.perm.admin) f.pathPrefix = prefix;
  // A user's own entries about no item (logins, their profile) are theirs to see; an admin sees them all.
  if (!me.perm.admin && inside === undefined) f.ownWithoutPath = me.id;
  return f;
}

/** The entries of `f` the caller may see, newest first, up to `limit`; with the id to continue from. */
function visiblePage(c: Context<AppEnv>, f: ActivityFilter, limit: number): { rows: ActivityEntry[]; next?: number } {
  const db = c.get("deps").db;
  const prefix = scopePrefix(c);
  const isAdmin = c.get("user").perm.admin;
  const allowed = userPathFilter(c);
  const out: ActivityEntry[] = [];
  let before = f.before;
  for (;;) {
    const batch = queryActivity(db, { ...f, before }, limit);
    for (const row of batch) {
      const entry = present(row, prefix, isAdmin, allowed);
      before = row.id;
      if (entry) out.push(entry);
      if (out.length === limit) return { rows: out, next: row.id };
    }
    if (batch.length < limit) return { rows: out };
  }
}

/** The wire form of `row` for a caller with scope `prefix`; null when its paths are out of their sight. */
function present(
  row: ActivityRow,
  prefix: string,
  isAdmin: boolean,
  allowed: (path: string) => boolean,
): ActivityEntry | null {
  const path = row.path === "" ? undefined : (inScope(prefix, row.path) ?? (isAdmin ? row.path : null));
  const to = row.pathTo === "" ? undefined : (inScope(prefix, row.pathTo) ?? (isAdmin ? row.pathTo : null));
  if (path === null || to === null) return null;
  if (!isAdmin && ((path !== undefined && !allowed(path)) || (to !== undefined && !allowed(to)))) return null;
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    user: row.username,
    ...(row.share ? { share: row.share } : {}),
    ip: row.ip,
    via: row.via as ActivityVia,
    action: row.action as ActivityAction,
    ...(path !== undefined ? { path } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(row.bytes !== null ? { bytes: row.bytes } : {}),
    result: row.result,
  };
}

/** One CSV field (RFC 4180 section 2): quoted when it holds a comma, a quote or a line break, quotes doubled. */
function csvField(v: string | number | undefined): string {
  const s = v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const CSV_COLUMNS = ["id", "at", "user", "share", "ip", "via", "action", "path", "to", "bytes", "result"] as const;

export const activityRoutes = new Hono<AppEnv>()
  .use("/activity", requireAuth)
  .use("/activity.csv", requireAuth, requireAdmin)
  .get("/activity", (c) => {
    const raw = c.req.query("limit");
    const limit = raw === undefined ? PAGE_DEFAULT : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
      throw new BadRequest(`limit must be 1 to ${PAGE_MAX}`);
    c.get("deps").activity.flush();
    const { rows, next } = visiblePage(c, filterOf(c), limit);
    const page: ActivityPage = next === undefined ? { items: rows } : { items: rows, next };
    return c.json(page);
  })
  .get("/activity.csv", (c) => {
    c.get("deps").activity.flush();
    const { rows } = visiblePage(c, filterOf(c), CSV_MAX_ROWS);
    const lines = [CSV_COLUMNS.join(",")];
    for (const e of rows) lines.push(CSV_COLUMNS.map((k) => csvField(e[k])).join(","));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="activity.csv"');
    return c.body(`${lines.join("\r\n")}\r\n`);
  });
