/**
 * @module Every token the server signs and verifies: HS256 JWTs (RFC 7519). Login tokens carry the user's public
 * claims for a 2 h lifetime (docs/interfaces.md "Authentication"); media tokens (media-token.ts) and share tokens
 * (shares/share-access.ts) are signed here too, through signClaims.
 */
import { sign, verify } from "hono/jwt";
import type { User } from "../users/types";
import type { TokenPayload } from "../../shared/wire/token";
import { presentTokenUser } from "../presenters/user";
import { BoundedCache } from "../bounded-cache";
import { TOKEN_ISSUER, TOKEN_LIFETIME_S } from "../constants";

/** How many verified tokens (strings) are remembered so repeated requests skip the HMAC check. */
const VERIFIED_TOKEN_CACHE_SIZE = 4096;

export type { TokenPayload } from "../../shared/wire/token";

/**
 * Signs `claims` (an object of JSON values with `exp` in Unix seconds) as a compact HS256 JWS with `secret`; the
 * one signer of the server's tokens.
 */
export function signClaims(claims: object, secret: string): Promise<string> {
  return sign(claims as Record<string, unknown>, secret, "HS256");
}

/**
 * Issues a token of session `sid` for `user`; `now` is Unix seconds and the expiry is now + TOKEN_LIFETIME_S.
 * Returns the compact JWS string (three dot-separated parts).
 */
export function issueToken(
  user: User,
  sid: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const payload: TokenPayload = {
    sid,
    user: presentTokenUser(user),
    iat: now,
    exp: now + TOKEN_LIFETIME_S,
    iss: TOKEN_ISSUER,
  };
  return signClaims(payload, secret);
}

/**
 * Verifies signature, algorithm (HS256 only) and expiry (at `nowS`, Unix seconds) of any of our tokens; returns
 * its claims, or null for a malformed, forged or expired token. Signatures already checked are remembered, so a
 * client's repeated token costs no HMAC; whether its session still lives is for the caller to ask.
 */
export async function verifySigned(
  token: string,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): Promise<Record<string, unknown> | null> {
  if (token.split(".").length !== 3) return null;
  // A token already verified with this secret is the same signed string: only its expiry can change the verdict.
  const key = `${secret.length}:${secret.slice(0, 8)}:${token}`;
  const known = verified.get(key);
  if (known) return typeof known.exp === "number" && known.exp > nowS ? known : null;
  try {
    // The time claims are checked here at `nowS` (the server's clock), by the rules hono/jwt applies at its own.
    const payload = (await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false })) as Record<
      string,
      unknown
    >;
    if (!payload || typeof payload !== "object" || !timelyAt(payload, nowS)) return null;
    verified.set(key, payload);
    return payload;
  } catch {
    return null;
  }
}

/** False when a present exp is not after `nowS`, or a present iat or nbf is after it, or any of them is no finite number. */
function timelyAt(p: Record<string, unknown>, nowS: number): boolean {
  const at = (v: unknown, ok: (n: number) => boolean) =>
    v === undefined || (typeof v === "number" && Number.isFinite(v) && ok(v));
  return at(p.exp, (n) => n > nowS) && at(p.iat, (n) => n <= nowS) && at(p.nbf, (n) => n <= nowS);
}

/** Tokens whose signature was checked, at most VERIFIED_TOKEN_CACHE_SIZE (the least recently used forgotten first). */
const verified = new BoundedCache<string, Record<string, unknown>>(VERIFIED_TOKEN_CACHE_SIZE);

/** The claims when `payload` is a login token (a user and a session id), else null. */
export function asLoginToken(payload: Record<string, unknown> | null): TokenPayload | null {
  const p = payload as Partial<TokenPayload> | null;
  if (!p?.user || typeof p.user.id !== "number" || typeof p.sid !== "string" || p.sid === "") return null;
  return p as TokenPayload;
}

/** Verifies a login token; returns the payload or null for any invalid token (media tokens included). */
export async function readToken(token: string, secret: string): Promise<TokenPayload | null> {
  return asLoginToken(await verifySigned(token, secret));
}
