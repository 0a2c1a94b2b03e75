/**
 * @module What a share visitor's previews need beyond the file itself (docs/security.md "Public previews"), each
 * under the public prefix and confined like /api/public/dl: `playlist` (HLS of a video, as /api/playlist), `frame`
 * (stills and seek thumbnails, as /api/frame), `probe` (a video's codecs and subtitle tracks), `vtt` (a subtitle
 * file, or `si=N` a video's embedded track, as WebVTT) and `markdown` (a markdown file rendered as a sandboxed page).
 * The path after `{hash}` is inside the shared folder (nothing for a shared file); a password link needs its token
 * (`X-Share-Token` or `token=`); an upload-only or download-limited link answers none of them (docs/security.md
 * "Public previews").
 */
import { Hono, type Context } from "hono";
import { stat } from "node:fs/promises";
import { dirname } from "node:path";
import type { AppEnv } from "../app-env";
import type { ScopedPath } from "../fs/scope";
import type { ShareRow } from "../db/shares-table";
import { asShare, type Route } from "./public";
import { answerPlaylist } from "./playlist";
import { answerFrame } from "./frame";
import { vttResponse } from "./request/subtitle-response";
import { parseIndex } from "./request/media-params";
import { userPathFilter } from "./request/request-path";
import { throttleStream } from "../http/throttle-stream";
import { pacerOf } from "../shares/download-pacers";
import { probeRefusal } from "../media/media-tools";
import { probeFile } from "../media/probe-cache";
import { presentVideo, presentSidecar } from "../presenters/metainfo";
import { findSidecarSubtitles } from "../media/sidecar-subtitles";
import { withoutDotNamesBelow } from "../archive/selection";
import { embeddedVtt, sidecarVtt } from "../media/webvtt";
import { typeFromName } from "../fs/file-type";
import { readFileBeneath } from "../fs/read-text";
import { isMarkdownName, markdownPage } from "../media/markdown-page";
import { PUBLIC_MARKDOWN_PAGE_CSP } from "../http/security-headers";
import { MEDIA_QUERY } from "../../shared/wire/video";
import { BadRequest, NotFound } from "../errors";
import { TEXT_CONTENT_MAX_BYTES } from "../../shared/wire/resource";

type MediaAnswer = (c: Context<AppEnv>, target: ScopedPath, share: ShareRow, base: string) => Promise<Response>;

/** The GET/HEAD paths of public route `route`: with and without a path inside the share. */
const paths = (route: Route) => [`/public/${route}/:hash{[^/]+}/*`, `/public/${route}/:hash{[^/]+}`];

/**
 * Answers a public preview request of `route` with `answer`, as the link's owner confined to the link. A link
 * that lets nothing be read (upload-only) or counts its downloads refuses every rendition: renditions are not
 * counted, so they would be a way around the limit. The link's speed limit holds for these bodies too.
 */
function previewRoute(route: Route, answer: MediaAnswer) {
  return (c: Context<AppEnv>) =>
    asShare(c, route, true, async (target, share, base) => {
      if (share.uploadOnly || share.downloadLimit > 0) throw new NotFound();
      const res = await answer(c, target, share, base);
      if (share.downloadRate > 0 && res.body)
        return new Response(throttleStream(res.body, pacerOf(share.hash, share.downloadRate)), res);
      return res;
    });
}

/** The name of the file at `path`. */
const nameOf = (path: string) => path.split("/").pop() ?? "";

/** @throws BadRequest (400) unless `target` is a video file. */
async function assertVideo(target: ScopedPath): Promise<void> {
  if (!(await stat(target.abs)).isFile() || typeFromName(nameOf(target.path)) !== "video")
    throw new BadRequest("only a video file has this");
}

/**
 * The probe of a shared video: its codecs and embedded tracks, and (in a shared folder) the subtitle files beside
 * it with their paths inside the share. A shared file alone never lists its neighbours.
 */
const probeAnswer: MediaAnswer = async (c, target, share, base) => {
  await assertVideo(target);
  const probe = await probeFile(target, await stat(target.abs), c.req.raw.signal).catch((err) => {
    throw probeRefusal(err);
  });
  const dirPath = target.path.slice(0, target.path.lastIndexOf("/") + 1);
  const visible = withoutDotNamesBelow(userPathFilter(c), share.path);
  const sidecars = share.path.endsWith("/")
    ? findSidecarSubtitles(dirname(target.abs), dirPath, nameOf(target.path), false, visible).map(presentSidecar)
    : [];
  return c.json({
    metainfo: presentVideo(probe),
    subtitles: sidecars.map((s) => ({ ...s, Path: s.Path.slice(base.length) })),
  });
};

/** `si=N`: embedded text stream N of the video; otherwise the subtitle file at the path, as WebVTT. */
const vttAnswer: MediaAnswer = async (c, target) => {
  const cacheDir = c.get("deps").config.cacheDir;
  const si = c.req.query(MEDIA_QUERY.streamIndex);
  if (si !== undefined) {
    await assertVideo(target);
    const index = parseIndex(si, MEDIA_QUERY.streamIndex);
    return vttResponse(c, await embeddedVtt(cacheDir, target, index), `${nameOf(target.path)}.${index}.vtt`);
  }
  return vttResponse(c, await sidecarVtt(cacheDir, target.abs, target), `${nameOf(target.path)}.vtt`);
};

/**
 * The markdown file rendered as a page for the share page's sandboxed frame. Its relative links and images lead
 * nowhere: a visitor's page never names paths, and nothing outside the file is loaded.
 */
const markdownAnswer: MediaAnswer = async (c, target) => {
  const name = nameOf(target.path);
  if (!isMarkdownName(name)) throw new BadRequest("only .md and .markdown files have a markdown preview");
  const { bytes } = readFileBeneath(target, (st) => {
    if (!st.isFile()) throw new BadRequest("only a regular file has a markdown preview");
    if (st.size >= TEXT_CONTENT_MAX_BYTES) throw new BadRequest("the file is too large to preview as markdown");
  });
  const ctx = { folder: "/", base: c.get("deps").config.baseurl, resolve: () => null };
  return new Response(await markdownPage(name, new TextDecoder().decode(bytes), ctx), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": PUBLIC_MARKDOWN_PAGE_CSP,
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "private, no-store",
    },
  });
};

/** The sprite sheet links of a public thumbnails track: this same URL with the request's share token. */
function sameUrlSheet(c: Context<AppEnv>): (n: number) => string {
  const url = new URL(c.req.url);
  const token = c.req.query("token");
  const query = token === undefined ? "" : `token=${encodeURIComponent(token)}&`;
  return (n) => `${url.pathname}?${query}${MEDIA_QUERY.sprite}=${n}`;
}

export const publicMediaRoutes = new Hono<AppEnv>()
  .on(
    ["GET", "HEAD"],
    paths("playlist"),
    previewRoute("playlist", (c, target) => answerPlaylist(c, target)),
  )
  .on(
    ["GET", "HEAD"],
    paths("frame"),
    previewRoute("frame", (c, target) => answerFrame(c, target, sameUrlSheet(c))),
  )
  .on(["GET", "HEAD"], paths("probe"), previewRoute("probe", probeAnswer))
  .on(["GET", "HEAD"], paths("vtt"), previewRoute("vtt", vttAnswer))
  .on(["GET", "HEAD"], paths("markdown"), previewRoute("markdown", markdownAnswer));
