/** @module Login tokens: HS256 JWTs (RFC 7519) with the user's public claims, 2 h lifetime (CONTRACT "HTTP API"). */
import { sign, verify } from "hono/jwt";
import type { User } from "../users/types";
import { TOKEN_ISSUER, TOKEN_LIFETIME_S } from "../constants";

/** Claims of the `user` object inside the token (no secrets). */
export interface TokenUser {
  id: number;
  username: string;
  locale: string;
  viewMode: string;
  singleClick: boolean;
  showHidden: boolean;
  sorting: User["sorting"];
  perm: User["perm"];
  commands: string[];
  lockPassword: boolean;
}

/** Claims of a login token: the user, issued-at and expiry (Unix seconds) and the issuer. */
export interface TokenPayload {
  user: TokenUser;
  iat: number;
  exp: number;
  iss: string;
}

/** Issues a token for `user`; `now` is Unix seconds. Returns the compact JWS string (three dot-separated parts). */
export function issueToken(user: User, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  const payload: TokenPayload = {
    user: {
      id: user.id,
      username: user.username,
      locale: user.locale,
      viewMode: user.viewMode,
      singleClick: user.singleClick,
      showHidden: user.showHidden,
      sorting: user.sorting,
      perm: user.perm,
      commands: user.commands,
      lockPassword: user.lockPassword,
    },
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
