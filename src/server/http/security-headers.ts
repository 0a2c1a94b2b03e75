/** @module Security headers: the app's Content-Security-Policy and the stricter one for user files. */

/** CSP of the app itself: scripts only from our origin (the injected config is JSON, not script). */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Headers every response carries. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  // No page of ours sends its URL anywhere: media URLs carry a token (CONTRACT "HTTP API").
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "SAMEORIGIN",
};

/**
 * CSP for a user file served from /api/raw: a sandbox (unique origin, no script) so an uploaded HTML or SVG
 * file can never run script in the app's origin. PDFs keep `script-src 'none'` without the sandbox, since
 * the browser's PDF viewer refuses to open in a sandboxed document.
 */
export function rawContentSecurityPolicy(contentType: string): string {
  if (contentType === "application/pdf") return "default-src 'none'; script-src 'none'; object-src 'self'; frame-ancestors 'self'";
  return `sandbox; ${SANDBOXED_DOCUMENT_POLICY}`;
}

/** The fetch rules of a sandboxed user document: nothing runs, media and images only from this server. */
const SANDBOXED_DOCUMENT_POLICY = "default-src 'none'; script-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * CSP of the markdown preview page (SPEC section 7 `preview=markdown`): the sandbox of /api/raw documents, which
 * also lets its external links open in a new window (popups, outside the sandbox); no script still runs.
 */
export const MARKDOWN_PAGE_CSP = `sandbox allow-popups allow-popups-to-escape-sandbox; ${SANDBOXED_DOCUMENT_POLICY}`;
