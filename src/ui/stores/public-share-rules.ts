/**
 * @module Pure rules of the public share page (docs/product.md "Share page"): its route, breadcrumbs inside the share,
 * preview kinds.
 */
import { decodePath, encodePath } from "../format/encode-path";
import { breadcrumbTrail, type Crumb } from "../format/breadcrumbs";
import { TEXT_CONTENT_MAX_BYTES } from "../../shared/wire/resource";
import type { Resource } from "../../shared/wire/resource";

/** What a share route names: the link's hash and a decoded path inside the share ("/" for the shared item). */
export interface ShareRoute {
  hash: string;
  sub: string;
}

/** How the share page shows a file when it is clicked. */
export type SharePreviewKind = "image" | "video" | "audio" | "pdf" | "markdown" | "text" | "download";

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

/**
 * How a file previews: images, video, audio and PDF inline; markdown rendered and text, both up to
 * TEXT_CONTENT_MAX_BYTES; others download.
 */
export function previewKind(file: Pick<Resource, "type" | "size" | "isDir" | "name">): SharePreviewKind {
  if (file.isDir) return "download";
  if (file.type === "image" || file.type === "video" || file.type === "audio") return file.type;
  const name = file.name.toLowerCase();
  if (name.endsWith(".pdf")) return "pdf";
  if (/\.(md|markdown)$/.test(name)) return file.size < TEXT_CONTENT_MAX_BYTES ? "markdown" : "download";
  if ((file.type === "text" || file.type === "textImmutable") && file.size <= TEXT_CONTENT_MAX_BYTES) return "text";
  return "download";
}

/** Zoom of a shared image: ×1.25 a step, up to ×8, ×2.5 on a double click. */
export const ZOOM_STEP = 1.25;
export const ZOOM_MAX = 8;
export const ZOOM_DOUBLE_CLICK = 2.5;
/** A swipe moves at least this many CSS px sideways, more than up or down. */
export const SWIPE_MIN_PX = 50;

/** A zoom factor kept within 1..ZOOM_MAX (values within 1 % of 1 snap to 1). */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale) || scale < 1.01) return 1;
  return Math.min(ZOOM_MAX, scale);
}

/** The photo a horizontal swipe of (dx, dy) px asks for: +1 the next (a swipe to the left), -1 the previous, 0 none. */
export function swipeDirection(dx: number, dy: number): 1 | -1 | 0 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * The photo `by` steps from `current` among the images of a shared folder's `items` (in the listing's order,
 * folders first), or null at either end or when `current` is not one of them.
 */
export function neighbourImage<T extends Pick<Resource, "path" | "isDir" | "type">>(
  items: readonly T[],
  current: string,
  by: number,
): T | null {
  const images = foldersFirst(items).filter((i) => !i.isDir && i.type === "image");
  const at = images.findIndex((i) => i.path === current);
  return at < 0 ? null : (images[at + by] ?? null);
}
