/**
 * @module Security headers: the app's Content-Security-Policy and the stricter one for user files, the
 * X-Frame-Options that goes with each, and HSTS (RFC 6797) for answers over TLS when the admin turns it on.
 */

/**
 * CSP of the app itself: scripts only from our origin (the injected config is JSON, not script); no page of
 * the app may be framed (clickjacking), only the user files it embeds itself (see rawContentSecurityPolicy).
 * connect-src, frame-src and object-src are 'self' through default-src (CSP3 fallback), so they are not repeated:
 * the header goes out with every answer and its bytes count toward the first load.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every response carries. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  // No page of ours sends its URL anywhere: media URLs carry a token (docs/interfaces.md "Authentication").
  "Referrer-Policy": "no-referrer",
};

/**
 * The X-Frame-Options that matches a response's CSP, for browsers that ignore `frame-ancestors`: SAMEORIGIN
 * for the user files the app frames itself (PDF preview), DENY for everything else.
 */
export function frameOptionsFor(csp: string | null): "SAMEORIGIN" | "DENY" {
  return csp?.includes("frame-ancestors 'self'") ? "SAMEORIGIN" : "DENY";
}

/** The Strict-Transport-Security value: one year; subdomains are left alone (they may be other services). */
export const HSTS_VALUE = "max-age=31536000";

/**
 * CSP for a user file served from /api/raw: a sandbox (unique origin, no script) so an uploaded HTML or SVG
 * file can never run script in the app's origin. PDFs keep `script-src 'none'` without the sandbox, since
 * the browser's PDF viewer refuses to open in a sandboxed document.
 */
export function rawContentSecurityPolicy(contentType: string): string {
  if (contentType === "application/pdf")
    return "default-src 'none'; script-src 'none'; object-src 'self'; frame-ancestors 'self'";
  return `sandbox; ${SANDBOXED_DOCUMENT_POLICY}`;
}

/** The fetch rules of a sandboxed user document: nothing runs, media and images only from this server. */
const SANDBOXED_DOCUMENT_RULES =
  "default-src 'none'; script-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
/** A user document may be framed by the app's own pages only. */
const SANDBOXED_DOCUMENT_POLICY = `${SANDBOXED_DOCUMENT_RULES}; frame-ancestors 'self'`;

/**
 * CSP of the markdown preview page (docs/product.md "Markdown"): the sandbox of /api/raw documents, which
 * also lets its external links open in a new window (popups, outside the sandbox); no script still runs. The
 * page opens in its own window, never in a frame.
 */
export const MARKDOWN_PAGE_CSP = `sandbox allow-popups allow-popups-to-escape-sandbox; ${SANDBOXED_DOCUMENT_RULES}; frame-ancestors 'none'`;

/**
 * CSP of a share visitor's markdown page (docs/security.md "Public previews"): the same sandbox, framed by the
 * share page of this server only.
 */
export const PUBLIC_MARKDOWN_PAGE_CSP = `sandbox allow-popups allow-popups-to-escape-sandbox; ${SANDBOXED_DOCUMENT_POLICY}`;
