/**
 * @module Whether a request reached us over TLS: the binary's own https listener (the request URL's scheme), or a
 * trusted reverse proxy that says so in `X-Forwarded-Proto` (only believed with the trustProxy setting, as the
 * client IP of X-Forwarded-For is). Pure: the middleware and the login route feed it.
 */

/** What the rule needs to know of a request. */
export interface TlsFacts {
  /** The request URL as the server saw it (`https:` only when the binary itself serves TLS). */
  url: string;
  /** The `X-Forwarded-Proto` header, when sent. */
  forwardedProto?: string;
}

/** True when the request could claim TLS only through the proxy header: callers read trustProxy only then. */
export function claimsForwardedTls(f: TlsFacts): boolean {
  // A chain of proxies lists one scheme each; the first is the client's own connection.
  return f.forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** True when the request came over TLS: an https URL, or a forwarded `https` from a trusted proxy. */
export function isTlsRequest(f: TlsFacts, trustProxy: boolean): boolean {
  if (f.url.startsWith("https:")) return true;
  return trustProxy && claimsForwardedTls(f);
}
