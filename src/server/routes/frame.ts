/**
 * @module GET /api/frame{path} (docs/product.md "Raw files and media URLs"): `?[t=SECONDS][&w=PX]` a JPEG still of the
 * video at that time, at the poster time (10 % of the duration) without `t`; `?thumbnails=vtt` the WebVTT
 * seek-thumbnails track of the whole video; `?sprite=N` its sprite sheet N. Authorized like inline media (a login token
 * or a media token whose prefix covers the path).
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../app-env";
import { requireReadAuth } from "../auth/middleware";
import { requestTarget } from "./request/request-path";
import { typeFromName } from "../fs/file-type";
import { fileResponse } from "../http/file-response";
import { rawContentSecurityPolicy } from "../http/security-headers";
import { framePath } from "../media/frames";
import { planOf, spritePath, thumbnailsVtt } from "../media/seek-thumbnails";
import { VTT_CONTENT_TYPE } from "../media/webvtt";
import { MEDIA_QUERY } from "../../shared/wire/video";
import { parseIndex, parseSeconds } from "./request/media-params";
import { BadRequest } from "../errors";
import { assertMayReceive } from "../auth/download-policy";
import type { ScopedPath } from "../fs/scope";
import { THUMB_MAX_WIDTH } from "../constants";

/** `/api/frame?t=&w=`: the still's width in px when `w` is absent (a seek-bar preview); the largest is THUMB_MAX_WIDTH. */
const FRAME_DEFAULT_WIDTH = 320;

const ROUTE = "frame";

export const frameRoutes = new Hono<AppEnv>()
  .use(`/${ROUTE}/*`, requireReadAuth)
  .on(["GET", "HEAD"], `/${ROUTE}/*`, (c) => {
    const target = requestTarget(c, ROUTE);
    return answerFrame(c, target, (n) => sheetUrl(c, target.path, n));
  });

/**
 * The frame answer for the video `target` (already resolved and checked): a still, the seek-thumbnails track whose
 * cues point at `sheetUrl(n)`, or sprite sheet N, as the query asks. Shared with the public share route.
 * @throws BadRequest (400) for a file that is not a video or a bad query value.
 */
export async function answerFrame(
  c: Context<AppEnv>,
  target: ScopedPath,
  sheetUrl: (n: number) => string,
): Promise<Response> {
  assertMayReceive(c.get("user"), "picture");
  const name = target.path.split("/").pop() ?? "";
  if (!(await stat(target.abs)).isFile() || typeFromName(name) !== "video")
    throw new BadRequest("frames are only for video files");
  const cacheDir = c.get("deps").config.cacheDir;
  const thumbnails = c.req.query(MEDIA_QUERY.thumbnails);
  if (thumbnails !== undefined) {
    if (thumbnails !== "vtt") throw new BadRequest("thumbnails must be vtt");
    const vtt = thumbnailsVtt(await planOf(target), sheetUrl);
    return new Response(c.req.method === "HEAD" ? null : vtt, {
      headers: { "Content-Type": VTT_CONTENT_TYPE, "Cache-Control": "private, no-cache" },
    });
  }
  const sprite = c.req.query(MEDIA_QUERY.sprite);
  if (sprite !== undefined)
    return jpeg(c, await spritePath(cacheDir, target, parseIndex(sprite, MEDIA_QUERY.sprite)), name);
  // The player asks `/api/frame{path}` without a time (docs/product.md "Raw files and media URLs"): that still is the
  // poster's.
  const t = c.req.query(MEDIA_QUERY.time);
  const time = t === undefined ? null : parseSeconds(t);
  return jpeg(c, await framePath(cacheDir, target, time, parseWidth(c.req.query(MEDIA_QUERY.width))), name);
}

/** A cached JPEG answered with Range and validators, inline. */
async function jpeg(c: Context<AppEnv>, abs: string, name: string): Promise<Response> {
  const contentType = "image/jpeg";
  return fileResponse(c.req.raw, {
    abs,
    st: await stat(abs),
    name: `${name}.jpg`,
    contentType,
    inline: true,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(contentType) },
  });
}

/** The URL of sprite sheet `n` of the video at `path`, carrying the request's own `auth` query (a media token). */
function sheetUrl(c: Context<AppEnv>, path: string, n: number): string {
  const auth = c.req.query("auth");
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  const query = auth ? `auth=${encodeURIComponent(auth)}&` : "";
  return `${c.get("deps").config.baseurl}/api/${ROUTE}${encoded}?${query}${MEDIA_QUERY.sprite}=${n}`;
}

/** `w`: FRAME_DEFAULT_WIDTH when absent, else 1 to THUMB_MAX_WIDTH px. @throws BadRequest (400) otherwise. */
function parseWidth(raw: string | undefined): number {
  if (raw === undefined || raw === "") return FRAME_DEFAULT_WIDTH;
  const w = Number(raw);
  if (!Number.isInteger(w) || w < 1 || w > THUMB_MAX_WIDTH) throw new BadRequest(`w must be 1-${THUMB_MAX_WIDTH}`);
  return w;
}
