/** @module Maps User to the users API JSON; secrets are left out field by field, so a new stored field is never sent by accident. */
import type { User } from "../users/types";
import type { Account } from "../../shared/wire/user";
import { TOKEN_USER_FIELDS, type TokenUser } from "../../shared/wire/token";

/**
 * Presents `user` to `viewerId` (GET /api/users, GET/PUT/POST /api/users/{id}). The password hash is never sent;
 * the OTP key only to its owner while OTP is off.
 */
export function presentUser(user: User, viewerId: number): Account {
  const out: Account = {
    id: user.id,
    username: user.username,
    scope: user.scope,
    locale: user.locale,
    viewMode: user.viewMode,
    singleClick: user.singleClick,
    showHidden: user.showHidden,
    sorting: user.sorting,
    perm: user.perm,
    commands: user.commands,
    rules: user.rules,
    lockPassword: user.lockPassword,
    theme: user.theme,
    otp: user.otpEnabled,
  };
  if (viewerId === user.id && !user.otpEnabled) out.otpKey = user.otpKey;
  return out;
}

/** The `user` claims of a login token: only the fields of TOKEN_USER_FIELDS, so no secret can slip in. */
export function presentTokenUser(user: User): TokenUser {
  return Object.fromEntries(TOKEN_USER_FIELDS.map((field) => [field, user[field]])) as TokenUser;
}
