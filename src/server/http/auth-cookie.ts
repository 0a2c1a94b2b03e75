/**
 * @module The `auth` cookie (docs/interfaces.md "Authentication": the cookie authorizes reads and same-origin writes):
 * set with each login token so media and downloads work without the token in the URL, HttpOnly (no script reads it),
 * SameSite=Strict (never sent on a cross-site request), Secure over TLS, and cleared on logout. Pure strings.
 */

/** Name of the cookie the auth middleware reads. */
export const AUTH_COOKIE = "auth";

/** Where and how the cookie lives. */
export interface AuthCookieOptions {
  /** The base URL path of the app ("" for the root). */
  basePath: string;
  /** The request came over TLS: the cookie is marked Secure. */
  secure: boolean;
  /** Lifetime in seconds (the token's); 0 deletes the cookie. */
  maxAge: number;
}

/** The Set-Cookie value carrying `token` (an empty token with maxAge 0 clears it). */
export function authCookieHeader(token: string, o: AuthCookieOptions): string {
  const parts = [
    `${AUTH_COOKIE}=${token}`,
    `Path=${o.basePath || "/"}`,
    `Max-Age=${Math.max(0, Math.floor(o.maxAge))}`,
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}
