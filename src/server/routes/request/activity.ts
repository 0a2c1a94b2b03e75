/**
 * @module Logs each API request that changes something into the activity log (docs/ARCHITECTURE.md "Activity log"):
 * after the answer is made, its method, route and status become one entry (who, from where, what, the paths from
 * the files root, the bytes, the result). Logins are logged by their route, which knows the name tried.
 */
import type { Context, MiddlewareHandler } from "hono";
import { posix } from "node:path";
import type { AppEnv } from "../../app-env";
import { decodeRequestPath, normalizeVirtualPath, realVirtualPath, type ScopedPath } from "../../fs/scope";
import { basename, dirname } from "node:path";
import { currentSettings } from "../../settings/settings-service";
import type { ActivityAction, ActivityVia } from "../../../shared/wire/activity";
import { clientIp } from "./client-ip";

/** What a request did, as far as its URL tells. */
interface Described {
  action: ActivityAction;
  /** Virtual path in the acting user's scope (or, with `fromRoot`, from the files root), "" for none. */
  path: string;
  to?: string;
  fromRoot?: boolean;
  /** The answer's JSON `path` names the item (restores). */
  pathFromAnswer?: boolean;
  bytes?: boolean;
  /** The share link's hash of a visitor's change. */
  share?: string;
}

const decoded = (raw: string): string => {
  try {
    return decodeRequestPath(raw).path;
  } catch {
    return raw;
  }
};

/** The entry a request makes, from its method, its path after `/api` and its query; null for none. */
function describe(c: Context<AppEnv>, method: string, rest: string): Described | null {
  const [, head = "", ...tail] = rest.split("/");
  const raw = `/${tail.join("/")}`;
  switch (head) {
    case "resources": {
      const path = decoded(raw);
      if (method === "POST") return { action: raw.endsWith("/") ? "create" : "upload", path, bytes: true };
      if (method === "PUT") return { action: "save", path, bytes: true };
      if (method === "DELETE") return { action: "delete", path };
      if (method !== "PATCH") return null;
      const action = c.req.query("action");
      const dest = c.req.query("destination");
      const to = dest === undefined ? undefined : normalizeVirtualPath(dest).path;
      if (action === "rename")
        return { action: to && posix.dirname(to) !== posix.dirname(path) ? "move" : "rename", path, to };
      if (action === "copy") return { action: "copy", path, to };
      if (action === "chmod") return { action: "chmod", path };
      return { action: action === "passwdrename" ? "rename" : "save", path };
    }
    case "tus":
      return null;
    case "trash":
      if (method === "POST" && tail.at(-1) === "restore") return { action: "restore", path: "", pathFromAnswer: true };
      return method === "DELETE" ? { action: "purge", path: "" } : null;
    case "version":
      return method === "POST" ? { action: "restore", path: "", pathFromAnswer: true } : null;
    case "share":
      if (method === "POST") return { action: "share", path: decoded(raw) };
      return method === "DELETE" ? { action: "unshare", path: "" } : null;
    case "public":
      if (method === "POST" && tail[0] === "upload") {
        const share = c.get("sharePath");
        if (share === undefined) return null;
        const name = decoded(`/${tail.slice(2).join("/")}`);
        return { action: "upload", path: posix.join(share, name), fromRoot: true, bytes: true, share: tail[1] };
      }
      return null;
    case "users":
      return method === "GET" ? null : { action: "user", path: "" };
    case "settings":
      return method === "PUT" ? { action: "settings", path: "" } : null;
    case "logout":
      return { action: "logout", path: "" };
    default:
      return null;
  }
}

/** The path from the files root of `virtual` in the scope `scope` ("/users/bob"). */
function rootPathOf(scope: string, virtual: string): string {
  const s = normalizeVirtualPath(scope === "." ? "/" : scope).path;
  return s === "/" ? virtual : virtual === "/" ? s : `${s}${virtual}`;
}

/**
 * Where a request came from: a share visitor (`rest`, the path after `/api`, under /public/), the web interface (a
 * browser's same-origin fetch) or another client.
 */
export function viaOf(c: Context<AppEnv>, rest: string): ActivityVia {
  if (rest.startsWith("/public/")) return "share";
  return c.req.header("Sec-Fetch-Site") === "same-origin" ? "ui" : "api";
}

/**
 * The middleware of the API app: after each request that changes something, one activity entry. Never changes the
 * answer; an entry that cannot be made is left out.
 */
export function activityMiddleware(apiPrefix: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
    const rest = c.req.path.slice(apiPrefix.length);
    const d = describe(c, method, rest);
    if (!d) return;
    const deps = c.get("deps");
    const user = c.get("user");
    const status = c.res.status;
    const result = status < 400 ? "ok" : (await c.res.clone().text()).slice(0, 200);
    let path = d.path;
    if (d.pathFromAnswer && status < 400) {
      const answer = (await c.res
        .clone()
        .json()
        .catch(() => null)) as { path?: unknown } | null;
      if (typeof answer?.path === "string") path = answer.path;
    }
    const inRoot = (p: string) => (p === "" || d.fromRoot || !user ? p : rootPathOf(user.scope, p));
    const length = Number(c.req.header("Content-Length"));
    deps.activity.record({
      userId: d.fromRoot ? null : (user?.id ?? null),
      username: d.fromRoot ? "" : (user?.username ?? ""),
      share: d.share ?? "",
      ip: clientIp(c, currentSettings(deps.db).trustProxy),
      via: viaOf(c, rest),
      action: d.action,
      path: inRoot(path),
      pathTo: d.to ? inRoot(d.to) : "",
      bytes: d.bytes && Number.isFinite(length) && length >= 0 ? length : null,
      result,
    });
  };
}

/**
 * Logs one entry for a change a route finishes outside the request it began in (a resumable upload's last chunk):
 * `target` is the item in the acting user's scope, or in the share owner's for a visitor (the request's sharePath).
 */
export function recordChange(
  c: Context<AppEnv>,
  action: ActivityAction,
  target: ScopedPath,
  extra: { bytes?: number; result: string },
): void {
  const deps = c.get("deps");
  const dir = realVirtualPath(deps.rootReal, dirname(target.abs));
  if (dir === null) return;
  const visitor = c.get("sharePath") !== undefined;
  const user = c.get("user");
  const rest = c.req.path.slice(c.req.path.indexOf("/api/") + 4);
  deps.activity.record({
    userId: visitor ? null : (user?.id ?? null),
    username: visitor ? "" : (user?.username ?? ""),
    share: visitor ? (c.req.param("hash") ?? "") : "",
    ip: clientIp(c, currentSettings(deps.db).trustProxy),
    via: viaOf(c, rest),
    action,
    path: posix.join(dir, basename(target.abs)),
    bytes: extra.bytes ?? null,
    result: extra.result,
  });
}
