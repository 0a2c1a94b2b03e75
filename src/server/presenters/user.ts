/** @module Maps User to the users API JSON; secrets are left out field by field (STYLE rule 6). */
import type { Permissions, Rule, Sorting, User } from "../users/types";

/** Wire shape of a user (GET /api/users, GET/PUT/POST /api/users/{id}). */
export interface UserJson {
  id: number;
  username: string;
  scope: string;
  locale: string;
  viewMode: string;
  singleClick: boolean;
  showHidden: boolean;
  sorting: Sorting;
  perm: Permissions;
  commands: string[];
  rules: Rule[];
  lockPassword: boolean;
  /** Whether 2FA is on. */
  otp: boolean;
  /**
   * The base32 OTP secret: only in the owner's own view while OTP is off (the profile's 2FA card shows it
   * beside the QR code); "" until the QR code was first loaded. Never sent to anyone else, nor once OTP is on.
   */
  otpKey?: string;
}

/**
 * Presents `user` to `viewerId`. The password hash is never sent; the OTP key only to its owner while OTP is off.
 */
export function presentUser(user: User, viewerId: number): UserJson {
  const out: UserJson = {
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
    otp: user.otpEnabled,
  };
  if (viewerId === user.id && !user.otpEnabled) out.otpKey = user.otpKey;
  return out;
}
