/**
 * @module The WebVTT answers of GET /api/raw (docs/product.md "Raw files and media URLs"):
 * - `/api/raw{subtitle path}?auth&subtitle=true&movie={video path}`: a sidecar subtitle file as WebVTT;
 * - `/api/raw/vtt?auth&movie={video path}&si=N[&lang=][&extract=true]`: text subtitle stream N of the video.
 * Both paths go through the one resolver and the user's rules, and a media token must cover each of them.
 */
import type { Context } from "hono";
import { stat } from "node:fs/promises";
import type { AppEnv } from "../../app-env";
import { requestTarget, resolveUserPath } from "./request-path";
import type { ScopedPath } from "../../fs/scope";
import { fileResponse } from "../../http/file-response";
import { rawContentSecurityPolicy } from "../../http/security-headers";
import { embeddedVtt, sidecarVtt, VTT_CONTENT_TYPE } from "../../media/webvtt";
import { MEDIA_QUERY } from "../../../shared/wire/video";
import { parseIndex } from "./media-params";
import { BadRequest } from "../../errors";
import { assertMayReceive } from "../../auth/download-policy";

/** True for `/api/raw/vtt` with an embedded-track query (`si` or `extract=true`); a file named "vtt" otherwise. */
function isEmbeddedTrackRequest(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).pathname !== `${c.get("deps").config.baseurl}/api/raw/vtt`) return false;
  return c.req.query(MEDIA_QUERY.streamIndex) !== undefined || c.req.query(MEDIA_QUERY.extract) === "true";
}

/**
 * The WebVTT answer of a subtitle request, or null when the request is another /api/raw read.
 * @throws BadRequest (400) without `movie`, for a bad `si`, a file that is not a subtitle, a picture subtitle stream;
 * NotFound (404) for a stream the video lacks or a missing file; Forbidden (403) for a path outside the scope, the
 * rules or the media token's prefix, or a subtitle file of 5 MiB or more without the download permission
 * (auth/download-policy.ts); ServiceUnavailable (503) when ffmpeg is needed and missing.
 */
export async function subtitleResponse(c: Context<AppEnv>): Promise<Response | null> {
  const cacheDir = c.get("deps").config.cacheDir;
  if (isEmbeddedTrackRequest(c)) {
    const movie = await videoOf(c);
    const si = parseIndex(c.req.query(MEDIA_QUERY.streamIndex), MEDIA_QUERY.streamIndex);
    assertMayReceive(c.get("user"), "subtitle");
    return vttResponse(c, await embeddedVtt(cacheDir, movie, si), `${baseName(movie.path)}.${si}.vtt`);
  }
  if (c.req.query(MEDIA_QUERY.subtitle) !== "true" || c.req.query(MEDIA_QUERY.movie) === undefined) return null;
  const subtitle = requestTarget(c, "raw");
  await videoOf(c);
  // A subtitle file's text comes through as it is (a .vtt is only decoded): a text preview, size-capped without download.
  assertMayReceive(c.get("user"), "text", (await stat(subtitle.abs)).size);
  return vttResponse(c, await sidecarVtt(cacheDir, subtitle.abs, subtitle), `${baseName(subtitle.path)}.vtt`);
}

/**
 * The video named by `movie`, resolved and checked like the URL path.
 * @throws BadRequest (400) when absent or a folder; ENOENT (404) when missing; Forbidden (403) when not the user's.
 */
async function videoOf(c: Context<AppEnv>): Promise<ScopedPath> {
  const movie = c.req.query(MEDIA_QUERY.movie);
  if (!movie) throw new BadRequest("movie must name the video");
  const target = resolveUserPath(c, movie);
  if (!(await stat(target.abs)).isFile()) throw new BadRequest("movie must name a video file");
  return target;
}

/** The file name of `path` without its extension. */
function baseName(path: string): string {
  const name = path.split("/").pop() || "subtitle";
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A cached WebVTT file answered inline with validators, as `text/vtt; charset=utf-8`. */
export async function vttResponse(c: Context<AppEnv>, abs: string, name: string): Promise<Response> {
  return fileResponse(c.req.raw, {
    abs,
    st: await stat(abs),
    name,
    contentType: VTT_CONTENT_TYPE,
    inline: true,
    headers: { "Content-Security-Policy": rawContentSecurityPolicy(VTT_CONTENT_TYPE) },
  });
}
