/** @module Pure rules of the public share page (SPEC §2 Share page): its route, breadcrumbs inside the share, preview kinds. */
import { decodePath, encodePath } from "../format/encode-path";
import { breadcrumbTrail, type Crumb } from "../format/breadcrumbs";
import { SHARE_TEXT_PREVIEW_MAX_BYTES } from "../constants";
import type { Resource } from "../../shared/wire/resource";

/** What a share route names: the link's hash and a decoded path inside the share ("/" for the shared item). */
export interface ShareRoute {
  hash: string;
  sub: string;
}

/** How the share page shows a file when it is clicked. */
export type SharePreviewKind = "image" | "video" | "audio" | "text" | "download";

/**
 * Reads a raw, still-encoded pathname below the base URL: "/app/share/h1/a%20b/" with base "/app" ->
 * { hash: "h1", sub: "/a b/" }. Anything else gives an empty hash.
 */
export function parseShareRoute(rawPathname: string, baseURL: string): ShareRoute {
  let p = rawPathname;
  if (baseURL && p.startsWith(baseURL)) p = p.slice(baseURL.length);
  const m = /^\/share\/([^/]*)(\/.*)?$/.exec(p);
  if (!m) return { hash: "", sub: "/" };
  return { hash: decodePath(m[1]), sub: decodePath(m[2] || "/") };
}

/** The UI route (below the base URL) of a path inside a share: ("h1", "/a b/") -> "/share/h1/a%20b/". */
export function shareRoute(hash: string, sub: string = "/"): string {
  return `/share/${encodeURIComponent(hash)}${sub === "/" ? "" : encodePath(sub)}`;
}

/** Breadcrumbs of a folder inside the share, below its root crumb (see breadcrumbTrail for the folding). */
export function shareCrumbs(sub: string): Crumb[] {
  return breadcrumbTrail(sub.endsWith("/") ? sub : `${sub}/`);
}

/** The path inside the share of a listed item: folders end with "/" so their route opens a listing. */
export function itemSubPath(item: Pick<Resource, "path" | "isDir">): string {
  const path = item.path.startsWith("/") ? item.path : `/${item.path}`;
  return item.isDir && !path.endsWith("/") ? `${path}/` : path;
}

/** A shared folder's items as listed: folders first, each group in the server's order (as the files view's sections). */
export function foldersFirst<T extends Pick<Resource, "isDir">>(items: readonly T[]): T[] {
  return [...items.filter((i) => i.isDir), ...items.filter((i) => !i.isDir)];
}

/** How a file previews: images, video and audio inline; text up to SHARE_TEXT_PREVIEW_MAX_BYTES; others download. */
export function previewKind(file: Pick<Resource, "type" | "size" | "isDir">): SharePreviewKind {
  if (file.isDir) return "download";
  if (file.type === "image" || file.type === "video" || file.type === "audio") return file.type;
  if ((file.type === "text" || file.type === "textImmutable") && file.size <= SHARE_TEXT_PREVIEW_MAX_BYTES) return "text";
  return "download";
}
