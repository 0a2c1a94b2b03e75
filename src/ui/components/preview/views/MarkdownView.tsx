/**
 * @module The rendered markdown view (docs/product.md "Markdown": markdown opens rendered, in the app): the server
 * renders and sanitizes the page (`preview=markdown`, src/server/media/markdown-page.ts); this view fetches it and
 * shows its body inside the app, so no window or address bar ever shows the URL's token. The URL comes from the caller,
 * so the share page can give its own.
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { config } from "../../../stores/config";
import { decodePath } from "../../../format/encode-path";
import { useFetched } from "./useFetched";

/** Fetches the page at `url` and returns the HTML of its `<main>` (already sanitized by the server). */
async function fetchRenderedBody(url: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  // DOMParser never runs scripts nor loads anything; the server kept no script, handler or style anyway.
  const doc = new DOMParser().parseFromString(await res.text(), "text/html");
  return doc.querySelector("main")?.innerHTML ?? "";
}

/** The route prefixes of this server that the page's links use (markdown-links.ts), in front of a file path. */
const LINK_PREFIXES = ["/api/resources", "/api/raw", "/files"];

/** The virtual path a link of the page opens in the app ("/docs/b.md"), or null for a link that leaves it. */
export function linkedPath(href: string, origin: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith(`${base}/`)) return null;
  const rest = url.pathname.slice(base.length);
  const prefix = LINK_PREFIXES.find((p) => rest === p || rest.startsWith(`${p}/`));
  return prefix === undefined ? null : decodePath(rest.slice(prefix.length) || "/");
}

/**
 * Shows the markdown page at `url` (a `preview=markdown` URL) for the file `name`. With `openPath`, links to files
 * and folders of this server open through it (in the app); external links open in a new window as the server set.
 */
export function MarkdownView({
  url,
  name,
  openPath,
}: {
  url: string;
  name: string;
  openPath?: (path: string) => void;
}) {
  const { t } = useTranslation();
  const page = useFetched(url, (signal) => fetchRenderedBody(url, signal));
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const link = (e.target as Element).closest("a[href]");
    if (!openPath || !link || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const path = linkedPath(link.getAttribute("href") ?? "", window.location.origin, config.baseURL);
    if (path === null) return;
    e.preventDefault();
    openPath(path);
  };
  if (page.status === "failed") {
    return (
      <p className="markdown-failed" role="alert">
        {t("preview.markdown.failed")}
      </p>
    );
  }
  return (
    <article
      className="markdown-body"
      aria-label={t("preview.markdown.rendered", { name })}
      aria-busy={page.status === "loading"}
      tabIndex={0}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitized this HTML (markdown-page.ts)
      dangerouslySetInnerHTML={{ __html: page.status === "ready" ? page.value : "" }}
    />
  );
}
