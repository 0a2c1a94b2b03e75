/** @module Login token parsing and the checks of docs/product.md "Session" (three parts, exp in seconds). */
import type { TokenPayload } from "../../shared/wire/token";

export type { TokenPayload, TokenUser } from "../../shared/wire/token";
export type { Permissions, Sorting } from "../../shared/wire/user";

/** Message of a token without three parts (docs/product.md "Token errors"). */
export const TOKEN_MALFORMED = "token malformed";
/** Message of a token whose exp is in the past (docs/product.md "Token errors"). */
export const TOKEN_EXPIRED = "token expired";

function decodeBase64Url(part: string): string {
  const b64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Checks and decodes a token (docs/product.md "Session"). `nowSeconds` is compared with exp in seconds (docs/product.md
 * "Session").
 * @throws Error('token malformed') when it has other than three parts or an unreadable payload,
 *   Error('token expired') when exp is in the past.
 */
export function parseToken(token: string, nowSeconds: number = Date.now() / 1000): TokenPayload {
  const parts = token.split(".");
  if (parts.length !== 3) throw new Error(TOKEN_MALFORMED);
  let payload: TokenPayload;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1])) as TokenPayload;
  } catch {
    throw new Error(TOKEN_MALFORMED);
  }
  if (!payload || typeof payload !== "object" || !payload.user) throw new Error(TOKEN_MALFORMED);
  if (typeof payload.exp === "number" && payload.exp < nowSeconds) throw new Error(TOKEN_EXPIRED);
  return payload;
}
