/**
 * @module Which requests a token may authorize depending on where it travels (docs/interfaces.md "Authentication"): the
 * `X-Auth` header always; the `auth` query parameter and the `auth` cookie for reads (GET, HEAD) and
 * WebSocket upgrades; the cookie for writes only from this server's own origin (no cross-site request
 * forgery), and for upgrades likewise (no cross-site WebSocket hijacking). Pure: the middleware feeds it.
 */

/** Where the token of a request came from. */
export type TokenSource = "header" | "query" | "cookie";

/** What the rule needs to know of a request. */
export interface TransportFacts {
  /** HTTP method, upper case. */
  method: string;
  /** True for a WebSocket upgrade (`Upgrade: websocket`). */
  upgrade: boolean;
  source: TokenSource;
  /** The `Origin` header, when sent. */
  origin?: string;
  /** The `Sec-Fetch-Site` header (Fetch Metadata), when sent. */
  secFetchSite?: string;
  /** This server's host as the client addressed it (`Host`, or the trusted proxy's `X-Forwarded-Host`). */
  host?: string;
}

/** True for methods that only read (RFC 9110 section 9.2.1 safe methods we serve). */
export function isReadMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/**
 * True when the request says it comes from a page of this server: its `Origin` names our host or, when it sends
 * no `Origin`, `Sec-Fetch-Site: same-origin` says so. An `Origin` that names another host (or `null`) refuses
 * whatever Sec-Fetch-Site says (docs/security.md "No-auth mode").
 */
export function isSameOrigin(f: Pick<TransportFacts, "origin" | "secFetchSite" | "host">): boolean {
  if (f.origin === undefined) return f.secFetchSite === "same-origin";
  if (f.origin === "null" || !f.host) return false;
  try {
    return new URL(f.origin).host.toLowerCase() === f.host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Null when a token that came by `f.source` may authorize this request, else the short reason it may not
 * (sent in the 403 answer).
 */
export function transportRefusal(f: TransportFacts): string | null {
  if (f.source === "header") return null;
  if (f.upgrade) {
    return f.source === "cookie" && !isSameOrigin(f) ? "cross-site WebSocket refused" : null;
  }
  if (isReadMethod(f.method)) return null;
  if (f.source === "query") return "the auth query parameter only authorizes reads: send X-Auth";
  return isSameOrigin(f) ? null : "cross-site request refused: send X-Auth";
}
