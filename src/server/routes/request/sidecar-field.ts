/**
 * @module The `subtitles` field of a plain GET of a video resource (docs/product.md "Resource"): the sidecar subtitle
 * files the player offers, found with one folder read beside the video and one in each subtitle folder (no ffprobe).
 */
import type { Context } from "hono";
import { dirname } from "node:path";
import type { AppEnv } from "../../app-env";
import type { FileInfo } from "../../fs/file-info";
import type { ScopedPath } from "../../fs/scope";
import { findSidecarSubtitles } from "../../media/sidecar-subtitles";
import { presentSidecar } from "../../presenters/metainfo";
import type { SidecarSubtitle } from "../../../shared/wire/metainfo";
import { userPathFilter } from "./request-path";

/** `{subtitles}` for a video file (the user's rules and hidden-name setting apply), `{}` for anything else. */
export function sidecarField(
  c: Context<AppEnv>,
  target: ScopedPath,
  info: FileInfo,
): { subtitles?: SidecarSubtitle[] } {
  if (info.isDir || info.type !== "video") return {};
  const dirPath = target.path.slice(0, target.path.lastIndexOf("/") + 1);
  const found = findSidecarSubtitles(
    dirname(target.abs),
    dirPath,
    info.name,
    c.get("user").showHidden,
    userPathFilter(c),
  );
  return { subtitles: found.map(presentSidecar) };
}
