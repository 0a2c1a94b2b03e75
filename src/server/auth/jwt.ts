/** @module Login tokens: HS256 JWTs (RFC 7519) with the user's public claims, 2 h lifetime (CONTRACT "HTTP API"). */
import { sign, verify } from "hono/jwt";
import type { User } from "../users/types";
import type { TokenPayload } from "../../shared/wire/token";
import { presentTokenUser } from "../presenters/user";
import { TOKEN_ISSUER, TOKEN_LIFETIME_S } from "../constants";

export type { TokenPayload, TokenUser } from "../../shared/wire/token";

/** Issues a token for `user`; `now` is Unix seconds. Returns the compact JWS string (three dot-separated parts). */
export function issueToken(user: User, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  const payload: TokenPayload = {
    user: presentTokenUser(user),
    iat: now,
    exp: now + TOKEN_LIFETIME_S,
    iss: TOKEN_ISSUER,
  };
  return sign(payload as unknown as Record<string, unknown>, secret, "HS256");
}

/** Verifies signature, algorithm and expiry; returns the payload or null for any invalid token. */
export async function readToken(token: string, secret: string): Promise<TokenPayload | null> {
  if (token.split(".").length !== 3) return null;
  try {
    const payload = (await verify(token, secret, "HS256")) as unknown as TokenPayload;
    if (!payload?.user || typeof payload.user.id !== "number") return null;
    return payload;
  } catch {
    return null;
  }
}
