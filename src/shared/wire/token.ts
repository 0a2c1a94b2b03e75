/**
 * @module Claims of the login token (docs/interfaces.md "Authentication": HS256 JWT, payload `{user, iat, exp, iss}`).
 * Types and constants only.
 */
import type { AccountFields } from "./user";

/** The account fields the token's `user` object carries: what the UI needs at start (no secrets). */
export const TOKEN_USER_FIELDS = [
  "id",
  "username",
  "locale",
  "viewMode",
  "singleClick",
  "showHidden",
  "sorting",
  "perm",
  "commands",
  "lockPassword",
  "theme",
] as const satisfies readonly (keyof AccountFields)[];

/** The `user` object inside the token. */
export type TokenUser = Pick<AccountFields, (typeof TOKEN_USER_FIELDS)[number]>;

/** Claims of a login token: the user, issued-at and expiry (Unix seconds), the issuer and the session id. */
export interface TokenPayload {
  user: TokenUser;
  iat: number;
  exp: number;
  iss: string;
  /** Id of the login session the token belongs to; the token works only while that session lasts (revocable sessions). */
  sid: string;
}
