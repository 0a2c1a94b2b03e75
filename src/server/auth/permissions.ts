/**
 * @module Who holds which permission (docs/product.md "Roles and permissions"): the one predicate every guard and check
 * goes through.
 */
import type { PermissionName, User } from "../users/types";

/** True when `user` holds `perm`; admins hold every permission. */
export function hasPermission(user: Pick<User, "perm">, perm: PermissionName): boolean {
  return user.perm.admin || user.perm[perm] === true;
}

/** True when `user` may act on the account `targetId`: it is their own, or they are an admin. */
export function isSelfOrAdmin(user: Pick<User, "id" | "perm">, targetId: number): boolean {
  return user.perm.admin || user.id === targetId;
}
