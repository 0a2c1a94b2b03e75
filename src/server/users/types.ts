/**
 * @module Domain types of users, permissions and rules (docs/product.md "User"); the shared fields come from the wire
 * shapes.
 */
import type { AccountFields, Permissions } from "../../shared/wire/user";

export type { PermissionName, Permissions, Rule, Sorting, Theme, ViewMode } from "../../shared/wire/user";

/** A stored user (docs/product.md "User"); `passwordHash` and `otpKey` are secrets presenters never send to others. */
export interface User extends AccountFields {
  passwordHash: string;
  otpEnabled: boolean;
  otpKey: string;
  /** Unix seconds of the last change; tokens issued before it are renewed. */
  updatedAt: number;
}

/** Every permission on: what an admin holds. */
export const ALL_PERMISSIONS: Permissions = {
  admin: true,
  execute: true,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
  publish: true,
};
