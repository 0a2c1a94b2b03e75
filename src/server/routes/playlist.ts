/**
 * @module GET /api/playlist{path}: on-demand HLS of a video (docs/product.md "Raw files and media URLs"). `?res=H-M`
 * answers the media playlist of that quality, `&seg=N` its segment N (MPEG-TS, H.264 + AAC, transcoded into the cache
 * on demand), a quality taller than the video being served as the nearest offered one and named in QUALITY_HEADER
 * (docs/video.md); `?master=true` the master playlist of every offered quality. Auth as inline media (`auth=` media
 * token or login).
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { AppEnv } from "../app-env";
import { requireReadAuth } from "../auth/middleware";
import { requestTarget } from "./request/request-path";
import { getSettings } from "../settings/settings-service";
import { fileResponse } from "../http/file-response";
import { rawContentSecurityPolicy } from "../http/security-headers";
import { MEDIA_QUERY, NEEDS_TRANSCODING, parseRes, resValue } from "../../shared/wire/video";
import { BadRequest, Forbidden } from "../errors";
import { assertMayReceive } from "../auth/download-policy";
import type { ScopedPath } from "../fs/scope";

/** Content types of HLS (RFC 8216 section 4: playlists; section 3.2: MPEG-2 transport stream segments). */
const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
const SEGMENT_TYPE = "video/mp2t";
/** The `res` value of the quality a media playlist or segment answer holds (docs/video.md "Quality"). */
const QUALITY_HEADER = "X-Quality";
/** Query values a playlist's links carry on: a media token and a share link's token. */
const CARRIED_QUERY = ["auth", "token"] as const;

export const playlistRoutes = new Hono<AppEnv>()
  .use("/playlist/*", requireReadAuth)
  .on(["GET", "HEAD"], "/playlist/*", (c) => answerPlaylist(c, requestTarget(c, "playlist")));

/**
 * The HLS answer for the video `target` (already resolved and checked): the master playlist, a media playlist or a
 * segment, as the query asks. A quality taller than the source is served as the nearest offered one, named in
 * QUALITY_HEADER. Shared by /api/playlist and the public share route (public-media.ts).
 * @throws Forbidden (403) with HLS off; BadRequest (400) for a folder or a bad `res`/`seg`.
 */
export async function answerPlaylist(c: Context<AppEnv>, target: ScopedPath): Promise<Response> {
  const deps = c.get("deps");
  // Transcoded segments are a rendition, not the file: the download permission is not needed (docs/security.md).
  assertMayReceive(c.get("user"), "hls");
  // Global Video setting: with HLS off, the player is told transcoding is needed (docs/product.md "Playback messages").
  const settings = getSettings(deps.db);
  if (settings.video.disableHls) throw new Forbidden(NEEDS_TRANSCODING);
  if ((await stat(target.abs)).isDirectory()) throw new BadRequest("a playlist is made of a video file");
  const source = await deps.hls.source(target);
  const link = sameNameLink(c);
  if (c.req.query(MEDIA_QUERY.master) === "true") {
    return playlistAnswer(
      c,
      deps.hls.masterPlaylist(source, (res) => link({ res })),
    );
  }
  const asked = parseRes(c.req.query(MEDIA_QUERY.res));
  if (!asked) throw new BadRequest("res must be one of the video qualities, e.g. 720-2");
  const quality = deps.hls.nearestQuality(source, asked);
  const res = resValue(quality);
  const seg = c.req.query(MEDIA_QUERY.seg);
  if (seg === undefined) {
    deps.hls.maybeCollect(settings.thumbnail.cacheGcProbability, settings.thumbnail.cacheExpireTTL, deps.log.info);
    return withQuality(
      playlistAnswer(
        c,
        deps.hls.mediaPlaylist(source, (n) => link({ res, seg: String(n) })),
      ),
      res,
    );
  }
  if (!/^\d{1,9}$/.test(seg)) throw new BadRequest("seg must be a segment number");
  return withQuality(await segmentAnswer(c, await deps.hls.segment(source, quality, Number(seg))), res);
}

/** Serves a cached segment file (Range and validators as any file). */
async function segmentAnswer(c: Context<AppEnv>, path: string): Promise<Response> {
  const answer = fileResponse(c.req.raw, {
    abs: path,
    st: await stat(path),
    name: basename(path),
    contentType: SEGMENT_TYPE,
    inline: true,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(SEGMENT_TYPE) },
  });
  return withDebugHeader(c, answer);
}

/**
 * Links relative to the request's URL naming the same file (its last path segment as the client sent it, so every
 * name that resolved resolves again) with the request's own `auth` and the given query values. `./` keeps a name
 * with a colon from reading as a URL scheme.
 */
function sameNameLink(c: Context<AppEnv>): (query: Record<string, string>) => string {
  const name = new URL(c.req.url).pathname.split("/").pop() ?? "";
  // The credential the request came with goes on: a media token (`auth`) or a share token (`token`).
  const carried = Object.fromEntries(
    CARRIED_QUERY.flatMap((k) => (c.req.query(k) === undefined ? [] : [[k, c.req.query(k)!]])),
  );
  return (query) => `./${name}?${new URLSearchParams({ ...carried, ...query })}`;
}

/** `answer` naming the quality `res` it holds in QUALITY_HEADER. */
function withQuality(answer: Response, res: string): Response {
  answer.headers.set(QUALITY_HEADER, res);
  return answer;
}

function playlistAnswer(c: Context<AppEnv>, text: string): Response {
  const answer = new Response(c.req.method === "HEAD" ? null : text, {
    headers: {
      "Content-Type": PLAYLIST_TYPE,
      "Cache-Control": "private, no-cache",
      "Content-Security-Policy": rawContentSecurityPolicy(PLAYLIST_TYPE),
    },
  });
  return withDebugHeader(c, answer);
}

function withDebugHeader(c: Context<AppEnv>, answer: Response): Response {
  const header = c.get("deps").hls.debugHeader();
  if (header) answer.headers.set(header[0], header[1]);
  return answer;
}
