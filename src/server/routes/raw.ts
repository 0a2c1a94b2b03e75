/**
 * @module GET /api/raw: file downloads and inline media with Range and validators, image thumbnails, and
 * archive downloads of folders or several files with `?algo=`, and subtitles as WebVTT (request/subtitle-response.ts)
 * (docs/product.md "Raw files and media URLs").
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../app-env";
import { requireReadAuth } from "../auth/middleware";
import { requestTarget, resolveUserPath, userPathFilter, userScopeDir } from "./request/request-path";
import { assertMayReceive, mayReceive } from "../auth/download-policy";
import { contentDisposition } from "../http/file-response";
import { plainFileResponse } from "./request/raw-file";
import type { ScopedPath } from "../fs/scope";
import { thumbnailResponse } from "./request/thumbnail-response";
import { parseArchiveFormat, type FormatInfo } from "../archive/formats";
import { parseFilesParam, withoutDotNamesBelow } from "../archive/selection";
import { downloadName, requireFormatTool, streamArchive } from "../archive/download";
import { BadRequest } from "../errors";
import { typeFromName } from "../fs/file-type";
import { THUMB_MAX_WIDTH } from "../constants";
import { rawContentSecurityPolicy } from "../http/security-headers";
import { subtitleResponse } from "./request/subtitle-response";

/** Default thumbnail width in pixels for `?thumb=true` without `w=` (docs/product.md "Raw files and media URLs"). */
const THUMB_DEFAULT_WIDTH = 256;

export const rawRoutes = new Hono<AppEnv>()
  .use("/raw/*", requireReadAuth)
  .use("/raw", requireReadAuth)
  .on(
    ["GET", "HEAD"],
    ["/raw", "/raw/*"],
    async (c) => (await subtitleResponse(c)) ?? answerRaw(c, await selectedPaths(c)),
  );

/**
 * Answers GET/HEAD of `selected` (already resolved and checked paths) for the current user: one file as it is
 * (with Range and validators; `inline=true` inline, `thumb=true&w=` a thumbnail of an image or a video poster,
 * see request/thumbnail-response.ts), or with `algo=` an
 * archive of them streamed. Shared by /api/raw and the public share downloads. What a user without the download
 * permission gets is decided by auth/download-policy.ts: thumbnails, and for `inline` of an image its largest
 * thumbnail (THUMB_MAX_WIDTH px) instead of the file; never the file's own bytes.
 * @throws Forbidden (403) for the file's own bytes without the download permission; BadRequest for a folder without algo.
 */
export async function answerRaw(c: Context<AppEnv>, selected: ScopedPath[]): Promise<Response> {
  const inline = c.req.query("inline") === "true";
  const thumb = c.req.query("thumb") === "true";
  const algo = c.req.query("algo");
  // A download (no preview asked) needs the original whatever the file: refused before its existence is told.
  if (!inline && !thumb) assertMayReceive(c.get("user"), "original");
  const st = await stat(selected[0].abs);
  // A single file without algo downloads directly; anything else is an archive (docs/product.md "Download").
  if (algo) return archiveResponse(c, selected, parseArchiveFormat(algo));
  if (selected.length > 1 || st.isDirectory())
    throw new BadRequest("folder and multi-file downloads need an archive format (algo)");
  const target = selected[0];
  const name = target.path.split("/").pop() || "download";
  const imagePreview = inline && typeFromName(name) === "image" && !mayReceive(c.get("user"), "original");
  if (thumb || imagePreview) {
    const answer = await thumbnailResponse(c, target, name, thumb ? parseWidth(c.req.query("w")) : THUMB_MAX_WIDTH);
    if (answer) return answer;
  }
  return plainFileResponse(c, target, inline || thumb);
}

/**
 * The paths a download names: the URL path, or the `files` parameter (comma-joined URL-encoded paths
 * relative to the scope, see archive/selection.ts). Each goes through the resolver and the user's rules.
 * @throws FsError OUTSIDE_SCOPE (403) for escapes; Forbidden (403) for a denied path; ENOENT (404) when one does not exist.
 */
async function selectedPaths(c: Context<AppEnv>): Promise<ScopedPath[]> {
  const files = c.req.query("files");
  if (files === undefined) return [requestTarget(c, "raw")];
  const selected = parseFilesParam(files).map((path) => resolveUserPath(c, path));
  if (selected.length === 0) throw new BadRequest("files names no path");
  for (const s of selected) await stat(s.abs);
  return selected;
}

/**
 * Streams the archive of `selected` (docs/interfaces.md "Other answers": download permission).
 * @throws Forbidden (403) without it; ServiceUnavailable (503) when the format's tool is missing.
 */
function archiveResponse(c: Context<AppEnv>, selected: ScopedPath[], format: FormatInfo): Response {
  assertMayReceive(c.get("user"), "original");
  requireFormatTool(format);
  const headers = {
    "Content-Type": format.contentType,
    "Content-Disposition": contentDisposition(downloadName(selected, format), false),
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": rawContentSecurityPolicy(format.contentType),
  };
  if (c.req.method === "HEAD") return new Response(null, { headers });
  // Files the user's allow/deny rules hide never enter an archive (docs/product.md "Roles and permissions"), nor what a
  // share's listing hides.
  const sharePath = c.get("sharePath");
  const filter = sharePath === undefined ? userPathFilter(c) : withoutDotNamesBelow(userPathFilter(c), sharePath);
  const archive = streamArchive({ selected, format, scopeAbs: userScopeDir(c), signal: c.req.raw.signal, filter });
  return new Response(archive.body, { headers });
}

function parseWidth(raw: string | undefined): number {
  if (raw === undefined || raw === "") return THUMB_DEFAULT_WIDTH;
  const w = Number(raw);
  if (!Number.isInteger(w) || w < 1 || w > THUMB_MAX_WIDTH) throw new BadRequest(`w must be 1-${THUMB_MAX_WIDTH}`);
  return w;
}
