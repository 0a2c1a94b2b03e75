/**
 * @module Read-only media tokens (docs/interfaces.md "Authentication"): HS256 JWTs (RFC 7519) that the UI puts in
 * media, download and external-player URLs instead of the login token. Each names one user, the session it came
 * from and a path prefix in the user's scope; it authorizes only GET and HEAD under that prefix, never a
 * write or a WebSocket, and stops working when its session ends.
 */
import { signClaims } from "./jwt";
import { MEDIA_TOKEN_BUCKET_S, MEDIA_TOKEN_MIN_LIFETIME_S, TOKEN_ISSUER } from "../constants";

/** Value of the `typ` claim that tells a media token from a login token. */
export const MEDIA_TOKEN_TYPE = "media";

/** Claims of a media token: user id, session id, path prefix, expiry (Unix seconds). */
export interface MediaClaims {
  typ: typeof MEDIA_TOKEN_TYPE;
  uid: number;
  sid: string;
  /** Virtual path in the user's scope: a folder ends with "/" and covers everything below; a file covers itself. */
  pfx: string;
  exp: number;
  iss: string;
}

/**
 * Expiry of a media token made at `now` (Unix seconds): at least MEDIA_TOKEN_MIN_LIFETIME_S ahead, rounded up
 * to a whole MEDIA_TOKEN_BUCKET_S so that tokens made within the same hour are identical (cacheable URLs).
 */
export function mediaTokenExpiry(now: number): number {
  return Math.ceil((now + MEDIA_TOKEN_MIN_LIFETIME_S) / MEDIA_TOKEN_BUCKET_S) * MEDIA_TOKEN_BUCKET_S;
}

/** Signs a media token for user `uid` of session `sid` over `prefix`; `now` in Unix seconds. */
export async function issueMediaToken(
  secret: string,
  grant: { uid: number; sid: string; prefix: string },
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expires: number }> {
  const claims: MediaClaims = {
    typ: MEDIA_TOKEN_TYPE,
    uid: grant.uid,
    sid: grant.sid,
    pfx: grant.prefix,
    exp: mediaTokenExpiry(now),
    iss: TOKEN_ISSUER,
  };
  return { token: await signClaims(claims, secret), expires: claims.exp };
}

/** The claims when an already verified `payload` is a media token, else null. */
export function asMediaToken(payload: Record<string, unknown> | null): MediaClaims | null {
  const p = payload as Partial<MediaClaims> | null;
  if (
    p?.typ !== MEDIA_TOKEN_TYPE ||
    typeof p.uid !== "number" ||
    typeof p.sid !== "string" ||
    typeof p.pfx !== "string"
  )
    return null;
  if (!p.pfx.startsWith("/")) return null;
  return p as MediaClaims;
}

/**
 * True when virtual path `path` ("/a/b", no trailing slash but for "/") lies under `prefix`: a folder prefix
 * ("/a/") covers the folder itself and everything below it, a file prefix covers exactly that file.
 */
export function isUnderPrefix(path: string, prefix: string): boolean {
  if (!prefix.endsWith("/")) return path === prefix;
  return path === prefix.slice(0, -1) || path.startsWith(prefix) || prefix === "/";
}
