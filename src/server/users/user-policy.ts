/**
 * @module Who may change which user fields, and the invariants that keep an install administrable:
 * user id 1 stays admin, and the last admin can neither lose the flag nor be deleted (docs/product.md "Roles and
 * permissions").
 */
import type { Database } from "bun:sqlite";
import { countAdmins } from "../db/users-table";
import { Forbidden } from "../errors";
import { ALL_PERMISSIONS, type Permissions, type User } from "./types";
import { OTP_FIELD, OTP_PASSCODE_FIELD, SELF_FIELDS, type UserField } from "./user-changes";

/** Id of the superadmin (docs/product.md "Roles and permissions": only user id 1 is called superadmin). */
export const SUPERADMIN_ID = 1;

/**
 * Checks that `actor` may change `fields` of `target`. Non-admins may change only their own profile fields
 * (locale, view mode, sorting, hidden files, single click, theme, password unless locked) and their own 2FA; only the
 * owner can validate a passcode; admins may switch another user's OTP off.
 * @throws Forbidden (403) naming what is refused.
 */
export function assertMayChange(actor: User, target: User, fields: readonly string[]): void {
  const self = actor.id === target.id;
  for (const f of fields) {
    if (f === OTP_PASSCODE_FIELD) {
      if (!self) throw new Forbidden("only the account owner can validate a passcode");
      continue;
    }
    if (f === OTP_FIELD) {
      if (!actor.perm.admin) throw new Forbidden(`${f} cannot be changed`);
      continue;
    }
    if (f === "password" && self && target.lockPassword && !actor.perm.admin) throw new Forbidden("password is locked");
    if (actor.perm.admin) continue;
    if (!self || !SELF_FIELDS.includes(f as UserField)) throw new Forbidden(`${f} can only be changed by an admin`);
  }
}

/** Admins hold every permission and may always change their password (docs/product.md "Admin checkbox"). */
export function normalizeAdmin<T extends { perm: Permissions; lockPassword: boolean }>(user: T): T {
  if (!user.perm.admin) return user;
  return { ...user, perm: { ...ALL_PERMISSIONS }, lockPassword: false };
}

/**
 * Refuses a change that would take the admin flag from user 1 or from the last admin.
 * @throws Forbidden (403).
 */
export function assertAdminKept(db: Database, before: User, after: User): void {
  if (!before.perm.admin || after.perm.admin) return;
  if (before.id === SUPERADMIN_ID) throw new Forbidden("user 1 cannot lose admin");
  if (countAdmins(db) <= 1) throw new Forbidden("the last admin cannot lose admin");
}

/**
 * Refuses to delete the last admin (user 1 included while no other admin exists).
 * @throws Forbidden (403).
 */
export function assertMayDelete(db: Database, target: User): void {
  if (target.perm.admin && countAdmins(db) <= 1) throw new Forbidden("the last admin cannot be deleted");
}
