/**
 * @module Pure rules of the search panel (docs/product.md "Search panel", "Search query", "Hot-search keyword", "Sizes
 * and paging").
 */
import { encodePath } from "../format/encode-path";
import type { SearchHit } from "../../shared/wire/search";

/** Search results shown first and added per step (docs/product.md "Sizes and paging"). */
export const SEARCH_PAGE_SIZE = 50;
/**
 * Distance from the bottom of the results, in px, at which the next step shows (docs/product.md "Sizes and paging").
 */
const SEARCH_GROW_AT_PX = 100;

export type { SearchHit };

const TYPE_TOKEN = /(^|\s)type:(\S*)/gi;

/** Names whose thumbnail a hit shows (the image formats the thumbnailer reads; others keep their icon). */
const THUMBNAIL_EXTENSIONS = new Set([
  "jpg",
  "jpeg",
  "png",
  "gif",
  "webp",
  "avif",
  "bmp",
  "tif",
  "tiff",
  "heic",
  "heif",
]);
/** A typed keyword of ASCII letters starts a search from this length on; one CJK character is already a word. */
const TYPED_MIN_ASCII = 2;

/** The `type:` filters in a query, lower-cased: "a type:video b" -> ["video"]. */
export function queryTypes(query: string): string[] {
  return [...query.matchAll(TYPE_TOKEN)].map((m) => m[2].toLowerCase()).filter(Boolean);
}

/** Adds `type:{type}` to the query, or removes it when present; spaces are tidied. */
export function toggleType(query: string, type: string): string {
  const has = queryTypes(query).includes(type);
  if (!has) return `${query.trim()} type:${type}`.trim();
  return query
    .replace(TYPE_TOKEN, (whole, lead: string, value: string) => (value.toLowerCase() === type ? lead : whole))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The keyword recorded after a search (docs/product.md "Hot-search keyword"): `type:word` prefixes and the characters
 * `"`, `+` and `-` removed, spaces tidied; "" means nothing is sent.
 */
export function hotKeywordOf(query: string): string {
  return query.replace(TYPE_TOKEN, " ").replace(/["+-]/g, "").replace(/\s+/g, " ").trim();
}

/** The keyword sent to remove a hot keyword: only a `type:word` prefix stripped; "" means nothing is sent. */
export function removableKeyword(keyword: string): string {
  return keyword.replace(/^\s*type:\S*\s*/i, "").trim();
}

/**
 * The href of a hit (docs/product.md "Search panel"): `/files/{dir}{path}` with an index location, else `./{path}`
 * relative to the folder URL. Segments are URL-encoded; folders end with "/".
 */
export function hitHref(dir: string, hit: SearchHit, indexLocation: boolean): string {
  const rel = `${hit.path.replace(/^\/+/, "").replace(/\/+$/, "")}${hit.dir ? "/" : ""}`;
  if (!indexLocation) return `./${encodePath(rel)}`;
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  return `/files${encodePath(`${base.startsWith("/") ? base : `/${base}`}${rel}`)}`;
}

/** The app route a hit opens (always absolute): the folder route plus the hit's relative path. */
export function hitRoute(dir: string, hit: SearchHit): string {
  return hitHref(dir, hit, true);
}

/** The folder a hit sits in, as shown under its name: "a/b/c.txt" -> "a/b/", "c.txt" -> "./". */
export function hitParent(hit: SearchHit): string {
  const trimmed = hit.path.replace(/^\/+/, "").replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/");
  return cut < 0 ? "./" : `${trimmed.slice(0, cut)}/`;
}

/** The last segment of a hit's path. */
export function hitName(hit: SearchHit): string {
  const trimmed = hit.path.replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1) || trimmed;
}

/**
 * Whether a scrolled list is within SEARCH_GROW_AT_PX of its bottom (docs/product.md "Sizes and paging"), all values in
 * px.
 */
export function nearBottom(scrollTop: number, clientHeight: number, scrollHeight: number): boolean {
  return scrollHeight - scrollTop - clientHeight <= SEARCH_GROW_AT_PX;
}

/** The number of hits to show after one growth step: 50 more, at most `total` (docs/product.md "Sizes and paging"). */
export function grownCount(shown: number, total: number): number {
  return Math.min(total, shown + SEARCH_PAGE_SIZE);
}

/** The index of the hit selected after an arrow key, wrapping around; -1 when there are none. */
export function movedIndex(current: number, delta: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (current + delta + count) % count;
}

/**
 * Whether a failure is the server's refusal of a type-only query (docs/product.md "Search query": 'empty keyword is not
 * allowed!').
 */
export function isEmptyKeywordError(text: string): boolean {
  return /empty keyword is not allowed/i.test(text);
}

/**
 * Whether a typed query searches by itself once typing pauses: it needs a keyword besides `type:` filters (the
 * server refuses a type-only query), of at least two ASCII characters or any other character.
 */
export function searchesAsYouType(query: string): boolean {
  const keyword = hotKeywordOf(query);
  return keyword.length >= TYPED_MIN_ASCII || /[^\x00-\x7f]/.test(keyword);
}

/** The path of a hit in the user's files (decoded): the searched folder plus the hit's relative path. */
export function hitPath(dir: string, hit: SearchHit): string {
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  return `${base.startsWith("/") ? base : `/${base}`}${hit.path.replace(/^\/+/, "")}`;
}

/** Whether a hit shows a thumbnail: a file whose extension is an image format. */
export function hitHasThumbnail(hit: SearchHit): boolean {
  if (hit.dir) return false;
  const name = hitName(hit);
  const dot = name.lastIndexOf(".");
  return dot > 0 && THUMBNAIL_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}
