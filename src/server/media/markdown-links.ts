/**
 * @module Where the links and images of a markdown preview point (docs/product.md "Markdown"): relative URLs
 * are resolved against the file's folder and turned into this server's URLs carrying the request's `auth` value, so
 * the page works when opened in a new window; absolute http(s) and mailto links stay; anything else is dead.
 */

/** What the rewriting needs to know about the request; the resolver is the server's, a stub in unit tests. */
export interface MarkdownLinkContext {
  /** Virtual folder holding the markdown file, "/" or ending in "/" ("/docs/"). */
  folder: string;
  /** The server's base path prefix ("" or "/fb"), put in front of every URL made here. */
  base: string;
  /** The `auth` query value the request came with (a login or media token), or undefined. */
  auth?: string;
  /** The virtual path as the user may read it (the server's resolver and rules), or null for a refused path. */
  resolve: (virtualPath: string) => string | null;
}

/** A rewritten link: where it points and whether it leaves this server. */
export interface MarkdownLink {
  href: string;
  external: boolean;
}

/** File names the preview renders itself (docs/product.md "Markdown"); links to them open their preview. */
const MARKDOWN_NAME = /\.(md|markdown)$/i;

/**
 * Links that leave this server as they are (docs/security.md "Rendered markdown and photo metadata": previews never
 * load anything from elsewhere).
 */
const EXTERNAL_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/** True for a file name the markdown preview renders (.md, .markdown, any case). */
export function isMarkdownName(name: string): boolean {
  return MARKDOWN_NAME.test(name);
}

/** `path` ("/a b/c.png") percent-encoded segment by segment for a URL path. */
function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** The query string carrying the request's auth value first ("?auth=...&"), or "?" without one. */
function authQuery(ctx: MarkdownLinkContext): string {
  return ctx.auth === undefined ? "?" : `?auth=${encodeURIComponent(ctx.auth)}&`;
}

/**
 * The virtual path a relative URL names from `folder`, or null when it climbs above the scope root or cannot be
 * decoded. Query and fragment are returned apart. Pure: no file system.
 */
export function resolveRelative(folder: string, url: string): { path: string; wantsDir: boolean; hash: string } | null {
  const hashAt = url.indexOf("#");
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const pathPart = beforeHash.split("?")[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const parts = decoded.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  for (const seg of decoded.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg !== "..") parts.push(seg);
    else if (parts.pop() === undefined) return null;
  }
  return { path: `/${parts.join("/")}`, wantsDir: decoded.endsWith("/") || parts.length === 0, hash };
}

/** The scheme of an absolute URL ("https:"), or null for a relative one. */
function schemeOf(url: string): string | null {
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim());
  return m ? `${m[1].toLowerCase()}:` : null;
}

/**
 * Where an image of the markdown loads from: `<base>/api/raw<path>?auth=<auth>&inline=true` for a relative URL the
 * user may read; null (no image) for anything else, absolute URLs included (the page's CSP allows only this server).
 */
export function imageUrl(src: string, ctx: MarkdownLinkContext): string | null {
  if (src.trim() === "" || src.startsWith("//") || schemeOf(src) !== null) return null;
  const rel = resolveRelative(ctx.folder, src);
  const path = rel && !rel.wantsDir ? ctx.resolve(rel.path) : null;
  return path === null ? null : `${ctx.base}/api/raw${encodePath(path)}${authQuery(ctx)}inline=true`;
}

/**
 * Where a link of the markdown points: a markdown file's preview URL, another file's inline raw URL, a folder's
 * page in the app, a `#fragment` as it is, an http(s) or mailto URL as it is (external); null (a dead link) for
 * other schemes (`javascript:`, `data:`...), protocol-relative URLs and paths the user may not read.
 */
export function linkUrl(href: string, ctx: MarkdownLinkContext): MarkdownLink | null {
  if (href.startsWith("#")) return { href, external: false };
  if (href.startsWith("//")) return null;
  const scheme = schemeOf(href);
  if (scheme !== null)
    return EXTERNAL_SCHEMES.has(scheme) ? { href: href.trim(), external: scheme !== "mailto:" } : null;
  const rel = resolveRelative(ctx.folder, href);
  const path = rel ? ctx.resolve(rel.path) : null;
  if (rel === null || path === null) return null;
  const encoded = encodePath(path);
  if (rel.wantsDir) return { href: `${ctx.base}/files${encoded === "/" ? "" : encoded}/`, external: false };
  if (isMarkdownName(path))
    return { href: `${ctx.base}/api/resources${encoded}${authQuery(ctx)}preview=markdown${rel.hash}`, external: false };
  return { href: `${ctx.base}/api/raw${encoded}${authQuery(ctx)}inline=true`, external: false };
}
