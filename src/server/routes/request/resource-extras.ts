/**
 * @module The extra answers of GET /api/resources/{path} (docs/product.md "Resource calls"): `mediaInfo=yes`,
 * `probe=yes`, `preview=nfo`, `preview=markdown` (an HTML page) and `playlist=video|audio`. The GET handler asks
 * resourceExtra first and answers its JSON (or its Response) when one of these queries is present.
 */
import { readFileBeneath } from "../../fs/read-text";
import type { Context } from "hono";
import { dirname } from "node:path";
import type { AppEnv } from "../../app-env";
import type { FileInfo } from "../../fs/file-info";
import type { ScopedPath } from "../../fs/scope";
import { hasPermission } from "../../auth/permissions";
import { assertMayReceive } from "../../auth/download-policy";
import { isToolAvailable } from "../../tools/available";
import { ToolFailed } from "../../tools/spawn";
import { MEDIAINFO_TOOL, runMediaInfo } from "../../tools/mediainfo";
import { MediaContentRefused } from "../../tools/media-input";
import { presentFile } from "../../presenters/resource";
import { presentMetainfo } from "../../presenters/metainfo";
import { readMetainfo } from "../../media/metainfo";
import { parseListingPage } from "../../archive/listing-page";
import { readNfoText } from "../../media/nfo-text";
import { readImageInfo } from "../../media/image-info";
import { resolveUserPath, userPathFilter, userScopeDir } from "./request-path";
import { listFolderCached } from "../../listing/list-folder";
import { BadRequest, ServiceUnavailable, UnsupportedMediaType } from "../../errors";
import { METADATA_TOOL_TIMEOUT_MS } from "../../constants";
import { TEXT_CONTENT_MAX_BYTES } from "../../../shared/wire/resource";
import { ToolAborted } from "../../tools/run-tool";
import { isMarkdownName, markdownPage } from "../../media/markdown-page";
import { MARKDOWN_PAGE_CSP } from "../../http/security-headers";

/** docs/product.md "Task refusals": the one sentence a media info request on another type answers. */
export const MEDIAINFO_ONLY_MEDIA = "mediainfo is only for video or audio file";

/**
 * The JSON answer of an extra query on `target` (described by `info`), or null when the request has none.
 * @throws Forbidden (403) without the download permission (docs/interfaces.md "Other answers": probe and media info
 * need it); BadRequest (400) for a type the query does not fit; ServiceUnavailable (503) when the tool it needs is not
 * installed.
 */
export async function resourceExtra(
  c: Context<AppEnv>,
  target: ScopedPath,
  info: FileInfo,
): Promise<object | Response | null> {
  try {
    return await dispatch(c, target, info);
  } catch (err) {
    // The client went away and the tool was stopped: nobody reads the answer; one line instead of a server error.
    if (!(err instanceof ToolAborted && c.req.raw.signal.aborted)) throw err;
    c.get("deps").log.info(`${err.message} for ${target.path}: the client went away`);
    return {};
  }
}

/** The answer of the first extra query present, or null. */
async function dispatch(c: Context<AppEnv>, target: ScopedPath, info: FileInfo): Promise<object | Response | null> {
  if (c.req.query("mediaInfo") === "yes") return mediaInfoOf(c, target, info);
  if (c.req.query("probe") === "yes") return probeOf(c, target, info);
  if (c.req.query("preview") === "nfo") return nfoOf(c, target, info);
  if (c.req.query("preview") === "markdown") return markdownOf(c, target, info);
  const playlist = c.req.query("playlist");
  if (playlist !== undefined) return playlistOf(c, target, info, playlist);
  return null;
}

/** Refuses users without the download permission: these answers need the whole file (auth/download-policy.ts). @throws Forbidden (403). */
function requireDownload(c: Context<AppEnv>): void {
  assertMayReceive(c.get("user"), "original");
}

/** Refuses a request that needs `tool` when it is not installed. @throws ServiceUnavailable (503) naming it. */
export function requireTool(tool: string): void {
  if (!isToolAvailable(tool)) throw new ServiceUnavailable(`${tool} is not installed on the server`);
}

/**
 * GET ?mediaInfo=yes: the file with mediainfo's text report in `content` (docs/product.md "Task targets", "Resource
 * calls").
 */
async function mediaInfoOf(c: Context<AppEnv>, target: ScopedPath, info: FileInfo): Promise<object> {
  requireDownload(c);
  if (info.type !== "video" && info.type !== "audio") throw new BadRequest(MEDIAINFO_ONLY_MEDIA);
  requireTool(MEDIAINFO_TOOL);
  const content = await runMediaInfo(target, c.req.raw.signal, METADATA_TOOL_TIMEOUT_MS).catch((err) => {
    if (err instanceof MediaContentRefused) throw new UnsupportedMediaType(err.message);
    if (err instanceof ToolFailed) throw new BadRequest("mediainfo cannot read this file");
    throw err;
  });
  return { ...presentResource(c, info), content };
}

/** The folder itself, or the folder holding a file: absolute, and virtual ending in "/". */
function folderOf(target: ScopedPath, info: FileInfo): { dirAbs: string; dirPath: string } {
  if (info.isDir) return { dirAbs: target.abs, dirPath: target.path.endsWith("/") ? target.path : `${target.path}/` };
  return { dirAbs: dirname(target.abs), dirPath: target.path.slice(0, target.path.lastIndexOf("/") + 1) };
}

/** The file as GET answers it, without content. */
function presentResource(c: Context<AppEnv>, info: FileInfo) {
  return presentFile(info, hasPermission(c.get("user"), "modify"));
}

/**
 * GET ?probe=yes: the file plus `metainfo` (and `subtitles` for a video, `audioinfo` for audio, `imageinfo` for a
 * picture sharp can read); files without metadata (folders, text, compressed single streams such as .tar.gz)
 * answer the plain resource. An
 * archive that cannot be listed (encrypted names, no entries) answers 400 with ARCHIVE_LIST_FAILED as the detail.
 * An archive answers one page of its entries (`offset`, `limit`: archive/listing-page.ts) and `archiveListing`.
 */
async function probeOf(c: Context<AppEnv>, target: ScopedPath, info: FileInfo): Promise<object> {
  requireDownload(c);
  const { dirAbs, dirPath } = folderOf(target, info);
  const meta = await readMetainfo({
    file: target,
    info,
    dirAbs,
    dirPath,
    showHidden: c.get("user").showHidden,
    isVisible: userPathFilter(c),
    signal: c.req.raw.signal,
    archivePage: parseListingPage(c.req.query("offset"), c.req.query("limit")),
  });
  // A picture adds `imageinfo` (dimensions, format, EXIF): an optional field beside the documented ones.
  const imageinfo = info.type === "image" ? await readImageInfo(target) : null;
  return { ...presentResource(c, info), ...(meta ? presentMetainfo(meta) : {}), ...(imageinfo ? { imageinfo } : {}) };
}

/** GET ?preview=nfo: the file with its text in `content`, decoded from CP437 unless it is UTF-8. */
async function nfoOf(c: Context<AppEnv>, target: ScopedPath, info: FileInfo): Promise<object> {
  if (info.isDir) throw new BadRequest("a folder has no text");
  assertMayReceive(c.get("user"), "text", info.size);
  return { ...presentResource(c, info), content: await readNfoText(target) };
}

/**
 * GET ?preview=markdown: the markdown file as its own sandboxed HTML page (docs/product.md "Markdown", "Resource
 * calls"); its relative links and images point into this server with the request's `auth` value, through the user's
 * resolver and rules.
 * @throws Forbidden (403) without the download permission; BadRequest (400) for another file or one of 5 MiB or more.
 */
async function markdownOf(c: Context<AppEnv>, target: ScopedPath, info: FileInfo): Promise<Response> {
  requireDownload(c);
  if (info.isDir || !isMarkdownName(info.name))
    throw new BadRequest("only .md and .markdown files have a markdown preview");
  if (info.size >= TEXT_CONTENT_MAX_BYTES) throw new BadRequest("the file is too large to preview as markdown");
  const resolve = (path: string) => {
    try {
      return resolveUserPath(c, path).path;
    } catch {
      return null; // outside the scope, the rules or the media token: a dead link, never an error page
    }
  };
  const ctx = {
    folder: folderOf(target, info).dirPath,
    base: c.get("deps").config.baseurl,
    auth: c.req.query("auth"),
    resolve,
  };
  const { bytes } = readFileBeneath(target, (st) => {
    if (st.size >= TEXT_CONTENT_MAX_BYTES) throw new BadRequest("the file is too large to preview as markdown");
  });
  return new Response(await markdownPage(info.name, new TextDecoder().decode(bytes), ctx), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": MARKDOWN_PAGE_CSP,
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "private, no-store",
    },
  });
}

/** The file types a playlist can hold (docs/product.md "Raw files and media URLs"; audio for the audio player). */
const PLAYLIST_TYPES = ["video", "audio"] as const;

/**
 * GET ?playlist=video|audio on a folder (or on a file: its folder): a JSON array of the folder's files of that type,
 * each a resource as in the listing's `items`, in the listing's order for this user (sorting, showHidden, rules).
 * @throws BadRequest (400) for another playlist value.
 */
async function playlistOf(c: Context<AppEnv>, target: ScopedPath, info: FileInfo, kind: string): Promise<object> {
  const type = PLAYLIST_TYPES.find((t) => t === kind);
  if (!type) throw new BadRequest(`playlist must be one of ${PLAYLIST_TYPES.join(", ")}`);
  const user = c.get("user");
  const { dirAbs, dirPath } = folderOf(target, info);
  const listing = await listFolderCached(
    userScopeDir(c),
    dirAbs,
    dirPath,
    user.showHidden,
    user.sorting,
    userPathFilter(c),
  );
  return listing.items.filter((i) => i.type === type).map((i) => presentResource(c, i));
}
