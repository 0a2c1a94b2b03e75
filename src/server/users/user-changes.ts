/**
 * @module The `{what, which, data}` body of the users API (docs/product.md "User calls"): which fields a request names
 * and their checked values.
 */
import { BadRequest } from "../errors";
import {
  parseBoolean,
  parseLocale,
  parsePassword,
  parsePermissions,
  parseRules,
  parseScope,
  parseSorting,
  parseUsername,
  parseTheme,
  parseViewMode,
  parseWords,
} from "./user-fields";
import type { User } from "./types";

/** Fields an admin may set on any account (`which: ["all"]` means every one of them present in `data`). */
export const USER_FIELDS = [
  "username",
  "password",
  "scope",
  "locale",
  "viewMode",
  "singleClick",
  "showHidden",
  "sorting",
  "perm",
  "commands",
  "rules",
  "lockPassword",
  "theme",
] as const;
/** One field name of USER_FIELDS. */
export type UserField = (typeof USER_FIELDS)[number];

/** Fields every user may change on their own account (docs/product.md "Profile", "User calls"). */
export const SELF_FIELDS: readonly UserField[] = [
  "locale",
  "viewMode",
  "sorting",
  "showHidden",
  "singleClick",
  "theme",
  "password",
];

/** The pseudo-field of a 2FA passcode check that turns OTP on or off (docs/product.md "Two-factor setup"). */
export const OTP_PASSCODE_FIELD = "otpPasscode";
/** The pseudo-field an admin uses to switch another user's OTP off (a lost authenticator). */
export const OTP_FIELD = "otp";
/** The data field holding the current password, needed when a user changes their own password. */
export const CURRENT_PASSWORD_FIELD = "currentPassword";

/** Checked values of the named fields; `password` is still plain text here. */
export type UserChanges = Partial<Pick<User, Exclude<UserField, "password">>> & { password?: string };

/** A parsed request body. */
export interface UserRequest {
  which: string[];
  data: Record<string, unknown>;
}

/**
 * Reads `{what: "user", which: [...], data: {...}}`. `what` may be left out; `which` defaults to [] .
 * @throws BadRequest for another shape.
 */
export function parseUserRequest(body: unknown): UserRequest {
  const b = body as { what?: unknown; which?: unknown; data?: unknown } | null;
  if (!b || typeof b !== "object") throw new BadRequest("JSON body {what, which, data} expected");
  if (b.what !== undefined && b.what !== "user") throw new BadRequest("what must be user");
  const which = b.which ?? [];
  if (!Array.isArray(which) || which.some((w) => typeof w !== "string"))
    throw new BadRequest("which must be a list of field names");
  if (!b.data || typeof b.data !== "object" || Array.isArray(b.data)) throw new BadRequest("data must be an object");
  return { which: which as string[], data: b.data as Record<string, unknown> };
}

/**
 * Expands `which` into field names: `all` becomes every USER_FIELDS entry present in `data` (an empty password
 * then means "no change"). The OTP pseudo-fields pass through.
 * @throws BadRequest for an unknown field name.
 */
export function expandWhich(which: readonly string[], data: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const name of which) {
    if (name === "all") {
      for (const f of USER_FIELDS) if (data[f] !== undefined && !(f === "password" && data[f] === "")) out.add(f);
    } else if ((USER_FIELDS as readonly string[]).includes(name) || name === OTP_PASSCODE_FIELD || name === OTP_FIELD) {
      out.add(name);
    } else {
      throw new BadRequest(`unknown field ${name}`);
    }
  }
  return [...out];
}

/** Checks the values of `fields` in `data`. @throws BadRequest naming the first invalid or missing field. */
export function parseUserChanges(
  fields: readonly string[],
  data: Record<string, unknown>,
  minPasswordLength: number,
): UserChanges {
  const c: UserChanges = {};
  for (const f of fields) {
    const v = data[f];
    if (f === OTP_PASSCODE_FIELD || f === OTP_FIELD) continue;
    if (v === undefined) throw new BadRequest(`${f} is missing from data`);
    switch (f as UserField) {
      case "username":
        c.username = parseUsername(v);
        break;
      case "password":
        c.password = parsePassword(v, minPasswordLength);
        break;
      case "scope":
        c.scope = parseScope(v);
        break;
      case "locale":
        c.locale = parseLocale(v);
        break;
      case "viewMode":
        c.viewMode = parseViewMode(v);
        break;
      case "singleClick":
        c.singleClick = parseBoolean(v, f);
        break;
      case "showHidden":
        c.showHidden = parseBoolean(v, f);
        break;
      case "sorting":
        c.sorting = parseSorting(v);
        break;
      case "perm":
        c.perm = parsePermissions(v);
        break;
      case "commands":
        c.commands = parseWords(v, f);
        break;
      case "rules":
        c.rules = parseRules(v);
        break;
      case "lockPassword":
        c.lockPassword = parseBoolean(v, f);
        break;
      case "theme":
        c.theme = parseTheme(v);
        break;
    }
  }
  return c;
}
