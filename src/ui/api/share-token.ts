/**
 * @module The share token of a password link, kept per hash in sessionStorage: a reload in the same tab keeps it,
 * a new tab asks again. The public calls send it as X-Share-Token, the URLs the browser loads itself as `token=`.
 */
import { SHARE_TOKEN_HEADER } from "../../shared/wire/headers";

/** sessionStorage key prefix of a password link's share token, per hash (kept for the tab, gone when it closes). */
const SHARE_TOKEN_STORAGE_PREFIX = "fbe-share-token:";

/** The token kept for link `hash`, or null (none, or storage refused). */
export function shareToken(hash: string): string | null {
  try {
    return sessionStorage.getItem(SHARE_TOKEN_STORAGE_PREFIX + hash);
  } catch {
    return null;
  }
}

/** Keeps (or with null forgets) the token of link `hash` for this tab; a refusing storage keeps nothing. */
export function keepShareToken(hash: string, token: string | null): void {
  try {
    if (token) sessionStorage.setItem(SHARE_TOKEN_STORAGE_PREFIX + hash, token);
    else sessionStorage.removeItem(SHARE_TOKEN_STORAGE_PREFIX + hash);
  } catch {
    // Private modes may refuse storage: the token then lives in the page's store only.
  }
}

/** `url` with the token of link `hash` as its `token` query parameter, unchanged when there is none. */
export function withShareToken(url: string, hash: string): string {
  const token = shareToken(hash);
  if (!token) return url;
  return `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
}

/** The X-Share-Token header of link `hash`, empty when there is no token. */
export function shareTokenHeaders(hash: string): Record<string, string> {
  const token = shareToken(hash);
  return token ? { [SHARE_TOKEN_HEADER]: token } : {};
}
