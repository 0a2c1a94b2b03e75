/**
 * @module /api/resources (docs/product.md "Resource calls"): read a file or folder (and its checksums or its usage),
 * upload, create a folder, save a file (PUT), rename/move, copy, chmod and password rename (PATCH ?action=), delete.
 * Upload, save, rename/move, copy and delete run the admin's event hooks around them (commands/hooks.ts).
 */
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import type { PermissionName } from "../users/types";
import { requireReadAuth, requirePerm } from "../auth/middleware";
import { requestTarget, resolveUserPath, userPathFilter, userScopeDir } from "./request/request-path";
import { hasPermission } from "../auth/permissions";
import { assertMayReceive, mayReceive } from "../auth/download-policy";
import { describe } from "../fs/describe";
import { folderResponse } from "./request/listing-response";
import { readTextContent } from "../fs/read-text";
import { exists, UploadAborted, writeFileAtomically } from "../fs/upload";
import { createFolder, deletePath, renameWithPassword } from "../fs/operations";
import { copyPath, movePath, type ConflictPolicy } from "../fs/copy-move";
import { changeMode, parseMode } from "../fs/chmod";
import { fileChecksum, parseChecksumAlgorithm } from "../fs/checksum";
import { parseModifiedPrecondition, saveExistingFile } from "../fs/save-file";
import { folderUsage, type FolderUsage } from "../fs/folder-usage";
import { processImages } from "../fs/image-process";
import type { ScopedPath } from "../fs/scope";
import { FsError } from "../fs/fs-error";
import { assertNoTempName } from "../fs/temp-name";
import type { FileInfo } from "../fs/file-info";
import { presentFile } from "../presenters/resource";
import { BadRequest, Forbidden } from "../errors";
import { IF_MODIFIED_AT_HEADER, MODIFIED_AT_HEADER, PROGRESS_ID_HEADER } from "../../shared/wire/headers";
import { withHooks } from "../commands/hooks";
import { TRASH_ID_HEADER } from "../../shared/wire/trash";
import { currentSettings } from "../settings/settings-service";
import { hookRequest } from "./request/hook-request";
import { resourceExtra } from "./request/resource-extras";
import { sidecarField } from "./request/sidecar-field";
import { endProgress, isProgressId, startProgress, type OpProgress } from "../fs/op-progress";

const ROUTE = "resources";
/** How many left-out links a copy answer names before "…". */
const SKIPPED_LINKS_NAMED = 20;

export const resourceRoutes = new Hono<AppEnv>()
  .use("/resources/*", requireReadAuth)
  .use("/resources", requireReadAuth)
  /**
   * GET answers the resource (docs/interfaces.md "Resource JSON"). Extra queries:
   * - checksum=md5|sha1|sha256|sha512: the file plus `checksums: {<algo>: hex}` (needs download).
   * - usage=true: `{size, numFiles, numDirs}` of everything below the folder (a file answers its own size and
   *   numFiles 1), counted as the user sees it: rules and showHidden apply, symlinks are not followed. The walk
   *   runs asynchronously and stops when the client goes away.
   * - mediaInfo, probe, preview=nfo|markdown, playlist: see request/resource-extras.ts.
   */
  .get("/resources/*", async (c) => {
    const user = c.get("user");
    const target = requestTarget(c, ROUTE);
    if (c.req.query("usage") === "true") return c.json(await usageOf(c, target));
    const canModify = hasPermission(user, "modify");
    const name = target.path.split("/").pop() ?? "";
    const info = describe(target.abs, target.path, name);
    const checksum = c.req.query("checksum");
    if (checksum !== undefined)
      return c.json({ ...presentFile(info, canModify), checksums: await checksumsOf(c, target, info, checksum) });
    const extra = await resourceExtra(c, target, info);
    if (extra instanceof Response) return extra;
    if (extra) return c.json(extra);
    if (info.isDir) {
      return folderResponse(c, target, info, canModify);
    }
    const content =
      info.type === "text" && mayReceive(user, "text", info.size)
        ? await readTextContent(target, info.size)
        : undefined;
    return c.json({ ...presentFile(info, canModify, content), ...sidecarField(c, target, info) });
  })
  .post("/resources/*", requirePerm("create"), async (c) => {
    const user = c.get("user");
    const target = requestTarget(c, ROUTE);
    if (target.path === "/") throw new Forbidden("the scope root already exists");
    assertNoTempName(target.path);
    if (target.wantsDir) {
      await createFolder(target);
      return c.text("200 OK");
    }
    const override = c.req.query("override") === "true";
    // Replacing an existing file changes its content: that needs the modify permission too (docs/product.md "Roles and
    // permissions").
    if (override && !hasPermission(user, "modify") && (await exists(target.abs))) throw new Forbidden();
    try {
      await withHooks(hookRequest(c, "upload", target), () => writeFileAtomically(target, c.req.raw.body, override));
    } catch (err) {
      if (!(err instanceof UploadAborted)) throw err;
      // Nobody reads this answer (the client is gone); one clear line instead of an error with no text.
      c.get("deps").log.info(`upload of ${target.path} ${err.message}`);
      throw new BadRequest("upload aborted");
    }
    return c.text("200 OK");
  })
  /**
   * PUT saves an existing file (the editor, docs/product.md "Resource calls"); it never creates one. With the header
   * X-If-Modified-At: <the `modified` the editor loaded> it answers 412 when the file changed on disk since.
   * A success carries X-Modified-At: the file's new `modified`, for the next save's precondition.
   */
  .put("/resources/*", requirePerm("modify"), async (c) => {
    const target = requestTarget(c, ROUTE);
    if (target.wantsDir) throw new BadRequest("a folder cannot be saved");
    const expected = parseModifiedPrecondition(c.req.header(IF_MODIFIED_AT_HEADER));
    const modifiedMs = await withHooks(hookRequest(c, "save", target), () =>
      saveExistingFile(target, c.req.raw.body, expected),
    );
    c.header(MODIFIED_AT_HEADER, new Date(modifiedMs).toISOString());
    return c.text("200 OK");
  })
  /**
   * PATCH ?action=
   * - rename | copy, with destination = the new path as in resource URLs (segments URL-encoded), plus
   *   override=true (replace) or rename=true (free name `name (1).ext`); a conflict without either is 409.
   * - chmod, with mode = 1-3 octal digits and recursive=true|false.
   * - passwdrename, with password = the password (empty renames back), docs/product.md "Password-prefixed names".
   * - imageProcess, with recursive=true|false: the JPEGs of the file, of the folder (or of its whole tree) turned
   *   upright from their EXIF orientation (fs/image-process.ts); other files are left as they are.
   * Each answers text `200 OK`.
   */
  .patch("/resources/*", requireActionPerm(), async (c) => {
    const target = requestTarget(c, ROUTE);
    const scopeAbs = userScopeDir(c);
    switch (c.req.query("action")) {
      case "rename": {
        const dest = destinationOf(c);
        await withProgress(c, "move", (progress) =>
          withHooks(hookRequest(c, "rename", target, dest), () =>
            movePath({
              scopeAbs,
              src: target,
              dest,
              conflict: conflictPolicy(c),
              isAllowed: userPathFilter(c),
              mayReplace: replaceRights(c),
              progress,
            }),
          ),
        );
        break;
      }
      case "copy": {
        const dest = destinationOf(c);
        const skippedLinks: string[] = [];
        await withProgress(c, "copy", (progress) =>
          withHooks(hookRequest(c, "copy", target, dest), () =>
            copyPath({
              scopeAbs,
              src: target,
              dest,
              conflict: conflictPolicy(c),
              isAllowed: userPathFilter(c),
              mayReplace: replaceRights(c),
              progress,
              skippedLinks,
            }),
          ),
        );
        // docs/security.md "Paths and races": links that would lead out of the scope are left out, and named.
        if (skippedLinks.length)
          return c.text(
            `200 OK (links leading out of the scope were left out: ${skippedLinks.slice(0, SKIPPED_LINKS_NAMED).join(", ")}${skippedLinks.length > SKIPPED_LINKS_NAMED ? ", …" : ""})`,
          );
        break;
      }
      case "chmod":
        await changeMode(
          target,
          parseMode(c.req.query("mode")),
          c.req.query("recursive") === "true",
          userPathFilter(c),
        );
        break;
      case "passwdrename":
        await renameWithPassword(scopeAbs, target, c.req.query("password") ?? "", userPathFilter(c));
        break;
      case "imageProcess": {
        const user = c.get("user");
        const recursive = c.req.query("recursive") === "true";
        const report = await processImages({
          ...target,
          recursive,
          showHidden: user.showHidden,
          isVisible: userPathFilter(c),
          signal: c.req.raw.signal,
        });
        if (report.failed.length)
          c.get("deps").log.info(
            `image fix left ${report.failed.length} unreadable JPEG(s) as they were, e.g. ${report.failed[0]}`,
          );
        break;
      }
    }
    return c.text("200 OK");
  })
  .delete("/resources/*", requirePerm("delete"), async (c) => {
    const target = requestTarget(c, ROUTE);
    const user = c.get("user");
    // Into the trash unless the admin turned it off, or an admin asks for good (docs/product.md "Trash").
    const permanent = c.req.query("permanent") === "true";
    if (permanent && !user.perm.admin) throw new Forbidden("only admins may delete for good");
    const forGood = permanent || currentSettings(c.get("deps").db).skipTrash;
    let trashId: string | undefined;
    await withProgress(c, "delete", (progress) =>
      withHooks(hookRequest(c, "delete", target), async () => {
        if (forGood) await deletePath(target, userPathFilter(c), progress);
        else trashId = await c.get("deps").trash.put(target, user.id, userPathFilter(c));
      }),
    );
    if (trashId) c.header(TRASH_ID_HEADER, trashId);
    return c.text("200 OK");
  });

/**
 * Runs `op` with progress counts when the request names them by an `X-Progress-Id` header (read back through
 * GET /api/progress/{id}); without the header `op` gets undefined.
 */
async function withProgress<T>(
  c: Context<AppEnv>,
  action: OpProgress["action"],
  op: (p: OpProgress | undefined) => Promise<T>,
): Promise<T> {
  const id = c.req.header(PROGRESS_ID_HEADER);
  if (!isProgressId(id)) return op(undefined);
  try {
    return await op(startProgress(id, c.get("user").id, action));
  } finally {
    endProgress(id);
  }
}

/**
 * `{<algorithm>: hex}` of the file `target`, read beneath its scope, for GET ?checksum= (docs/interfaces.md "Other
 * answers": needs the download permission, it reads the whole file).
 * @throws Forbidden (403) without it; BadRequest (400) for an unknown algorithm or a folder.
 */
async function checksumsOf(
  c: Context<AppEnv>,
  target: ScopedPath,
  info: FileInfo,
  raw: string,
): Promise<Record<string, string>> {
  assertMayReceive(c.get("user"), "original");
  const algorithm = parseChecksumAlgorithm(raw);
  if (info.isDir) throw new BadRequest("checksums are only for files");
  return { [algorithm]: await fileChecksum(target.abs, algorithm, c.req.raw.signal, target.scope) };
}

/**
 * Size and counts below `target` as the current user sees it (GET ?usage=true). When the client goes away the
 * walk stops; nobody reads the answer then, so the stop is logged as information, not as a server error.
 */
async function usageOf(c: Context<AppEnv>, target: ScopedPath): Promise<FolderUsage | null> {
  const user = c.get("user");
  const signal = c.req.raw.signal;
  const request = {
    scopeAbs: userScopeDir(c),
    abs: target.abs,
    path: target.path,
    showHidden: user.showHidden,
    isVisible: userPathFilter(c),
    signal,
  };
  return folderUsage(request).catch((err) => {
    if (!signal.aborted) throw err;
    c.get("deps").log.info(`folder usage of ${target.path} stopped: the client went away`);
    return null;
  });
}

/**
 * Permission each PATCH action needs (docs/product.md "Roles and permissions"; docs/interfaces.md "Other answers"):
 * rename and move need `rename`, so does the password rename (it is a rename) and imageProcess; copy needs `create`;
 * chmod needs `modify`.
 */
const ACTION_PERMISSIONS: Record<string, PermissionName> = {
  rename: "rename",
  passwdrename: "rename",
  imageProcess: "rename",
  copy: "create",
  chmod: "modify",
};

/**
 * Route guard for PATCH: the permission of the requested action.
 * @throws BadRequest (400) for an unknown action; Forbidden (403) without the permission.
 */
function requireActionPerm() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const action = c.req.query("action") ?? "";
    const perm = Object.hasOwn(ACTION_PERMISSIONS, action) ? ACTION_PERMISSIONS[action] : undefined;
    if (!perm) throw new BadRequest(`action must be one of ${Object.keys(ACTION_PERMISSIONS).join(", ")}`);
    const user = c.get("user");
    if (!hasPermission(user, perm)) throw new Forbidden();
    return next();
  });
}

/**
 * What `override=true` may replace for the current user (docs/security.md "Replacing with override"): a file's
 * content needs modify, a whole folder delete.
 */
function replaceRights(c: Context<AppEnv>): { file: boolean; folder: boolean } {
  const user = c.get("user");
  return { file: hasPermission(user, "modify"), folder: hasPermission(user, "delete") };
}

/**
 * `rename=true` picks a free name (`name (1).ext`) and wins over `override=true`, which replaces the
 * existing item; with neither a conflict answers 409.
 */
function conflictPolicy(c: Context<AppEnv>): ConflictPolicy {
  if (c.req.query("rename") === "true") return "rename";
  if (c.req.query("override") === "true") return "override";
  return "fail";
}

/**
 * The `destination` query value: the new path relative to the scope, URL-encoded as in resource URLs
 * (and encoded once more as a query value). It is decoded and resolved like the URL path.
 * @throws BadRequest (400) when missing or naming a temp name (fs/temp-name.ts); FsError OUTSIDE_SCOPE (403) for an
 * escape or broken encoding.
 */
function destinationOf(c: Context<AppEnv>): ScopedPath {
  const raw = c.req.query("destination");
  if (!raw) throw new BadRequest("destination is required");
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new FsError("OUTSIDE_SCOPE", "malformed destination encoding");
  }
  const dest = resolveUserPath(c, decoded);
  assertNoTempName(dest.path);
  return dest;
}
