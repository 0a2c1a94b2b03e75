/**
 * @module The markdown preview page (docs/product.md "Markdown"): the file rendered to HTML by `marked`,
 * sanitized by `sanitize-html` (no script, event handlers, `javascript:` URLs, frames, objects or styles), its
 * relative links and images rewritten by markdown-links.ts, wrapped in a complete page with a small stylesheet.
 * Both libraries (with postcss and htmlparser2 behind sanitize-html) load on the first preview, not at start.
 */
import type sanitizeHtmlFunction from "sanitize-html";
import { imageUrl, linkUrl, type MarkdownLinkContext } from "./markdown-links";

export { isMarkdownName, type MarkdownLinkContext } from "./markdown-links";

type SanitizeHtml = typeof sanitizeHtmlFunction;
type Marked = typeof import("marked");

interface MarkdownLibs {
  marked: Marked["marked"];
  sanitizeHtml: SanitizeHtml;
  allowedTags: string[];
}

let libs: Promise<MarkdownLibs> | undefined;

/** marked and sanitize-html, loaded by the first call (a chunk of their own in the binary), with the tags kept. */
function markdownLibs(): Promise<MarkdownLibs> {
  libs ??= Promise.all([import("sanitize-html"), import("marked")]).then(([sanitize, markedModule]) => {
    const sanitizeHtml = sanitize.default;
    // Tags a rendered markdown file may keep: sanitize-html's defaults (text, lists, tables, code) plus images and task boxes.
    const allowedTags = [...sanitizeHtml.defaults.allowedTags, "img", "input", "del", "ins", "details", "summary"];
    return { marked: markedModule.marked, sanitizeHtml, allowedTags };
  });
  return libs;
}

/** Attributes kept per tag; nothing else survives (no `on*`, no `style`). */
const ALLOWED_ATTRIBUTES: sanitizeHtmlFunction.IOptions["allowedAttributes"] = {
  a: ["href", "title", "rel", "target", "name"],
  img: ["src", "alt", "title", "width", "height"],
  code: ["class"],
  ol: ["start"],
  th: ["align"],
  td: ["align"],
  input: ["type", "checked", "disabled"],
  "*": ["id"],
};

/**
 * The body HTML of the markdown `source`: rendered (GitHub flavour), sanitized, relative URLs resolved through
 * `ctx`. An image nobody may load becomes its alt text; a link nowhere keeps its text without an href. Pure once
 * the libraries are loaded (the first call loads them).
 */
export async function renderMarkdown(source: string, ctx: MarkdownLinkContext): Promise<string> {
  const { marked, sanitizeHtml, allowedTags } = await markdownLibs();
  const html = marked.parse(source, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      img: (tagName, attribs) => {
        const src = imageUrl(attribs.src ?? "", ctx);
        if (src === null) return { tagName: "em", attribs: {}, text: attribs.alt ?? "" };
        return { tagName, attribs: { ...attribs, src } };
      },
      a: (tagName, attribs) => {
        const { href, rel: _rel, target: _target, ...rest } = attribs;
        const link = href === undefined ? null : linkUrl(href, ctx);
        if (link === null) return { tagName, attribs: rest };
        if (!link.external) return { tagName, attribs: { ...rest, href: link.href } };
        return { tagName, attribs: { ...rest, href: link.href, rel: "noopener noreferrer", target: "_blank" } };
      },
      input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: "" } }),
    },
    exclusiveFilter: (frame) => frame.tag === "input" && frame.attribs.type !== "checkbox",
  });
}

/** The page's stylesheet: readable line length, system fonts, light and dark by the reader's preference. */
const PAGE_STYLE = `:root{color-scheme:light dark}
body{margin:0 auto;max-width:52rem;padding:1.5rem 1rem 3rem;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;overflow-wrap:anywhere}
h1,h2{border-bottom:1px solid #8884;padding-bottom:.2em}
a{color:#1a6fd1}
@media (prefers-color-scheme:dark){a{color:#6cb0ff}}
img{max-width:100%;height:auto}
pre,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;background:#8882;border-radius:4px}
code{padding:.1em .3em}
pre{padding:.8em 1em;overflow:auto}
pre code{padding:0;background:none}
table{border-collapse:collapse;display:block;overflow:auto}
th,td{border:1px solid #8886;padding:.3em .7em;overflow-wrap:normal}
li:has(>input[type=checkbox]){list-style:none;margin-left:-1.3em}
blockquote{margin:0;padding:0 1em;border-left:4px solid #8886;opacity:.85}`;

/** `text` escaped for HTML text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The complete HTML page of the markdown `source` of the file `name` (its `<title>`). Pure (see renderMarkdown). */
export async function markdownPage(name: string, source: string, ctx: MarkdownLinkContext): Promise<string> {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)}</title>
<style>${PAGE_STYLE}</style>
</head><body>
<main>
${await renderMarkdown(source, ctx)}
</main>
</body></html>
`;
}
