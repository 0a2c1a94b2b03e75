/**
 * @module The answer of a folder GET on /api/resources: the listing body from the cache (listing/listing-body.ts),
 * compressed by `Accept-Encoding`, with a weak ETag (`If-None-Match` answers 304).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import type { FileInfo } from "../../fs/file-info";
import type { ScopedPath } from "../../fs/scope";
import { folderName } from "../../listing/visible-items";
import { listingBody } from "../../listing/listing-body";
import { currentSettings } from "../../settings/settings-service";
import { negotiateEncoding } from "./accept-encoding";
import { userPathFilter, userScopeDir } from "./request-path";

/** Bodies smaller than this are sent as they are (compression would not pay). */
const MIN_COMPRESSED = 1024;

/**
 * The listing of the folder `target` (whose own fresh info is `dir`) for the current user: the same JSON the
 * resource GET gives (docs/interfaces.md "Resource JSON"), as application/json, `Vary: Accept-Encoding`.
 */
export async function folderResponse(
  c: Context<AppEnv>,
  target: ScopedPath,
  dir: FileInfo,
  canModify: boolean,
): Promise<Response> {
  const user = c.get("user");
  const hasRules = currentSettings(c.get("deps").db).rules.length + user.rules.length > 0;
  const body = await listingBody({
    scopeAbs: userScopeDir(c),
    abs: target.abs,
    path: target.path,
    showHidden: user.showHidden,
    isVisible: userPathFilter(c),
    dir: { ...dir, name: folderName(target.path) },
    sorting: user.sorting,
    canModify,
    hasRules,
  });
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Vary: "Accept-Encoding",
    ETag: body.etag,
  };
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === body.etag)) return c.body(null, 304, headers);
  const coding =
    body.json.length >= MIN_COMPRESSED
      ? negotiateEncoding(c.req.header("Accept-Encoding"), ["br", "gzip"])
      : "identity";
  if (coding === "identity") return c.body(body.json as Uint8Array<ArrayBuffer>, 200, headers);
  headers["Content-Encoding"] = coding;
  return c.body((await body.encoded(coding)) as Uint8Array<ArrayBuffer>, 200, headers);
}
