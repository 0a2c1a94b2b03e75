/** @module Domain types of users, permissions and rules (SPEC section 3). */

/** Permission flags of SPEC section 3/6; `publish` is stored but governs nothing yet. */
export interface Permissions {
  admin: boolean;
  execute: boolean;
  create: boolean;
  rename: boolean;
  modify: boolean;
  delete: boolean;
  share: boolean;
  download: boolean;
  publish: boolean;
}

/** Name of one permission flag. */
export type PermissionName = keyof Permissions;
/** How a user's listings are shown. */
export type ViewMode = "list" | "mosaic";

/** Listing order saved per user: `by` is name, size, modified or modeStr. */
export interface Sorting {
  by: "name" | "size" | "modified" | "modeStr";
  asc: boolean;
}

/** Allow/deny rule by path prefix or regular expression (SPEC section 3 Rule). */
export interface Rule {
  allow: boolean;
  path: string;
  regex: boolean;
  regexp: { raw: string };
}

/** A stored user (SPEC section 3 User); `passwordHash` and `otpKey` are secrets presenters never send to others. */
export interface User {
  id: number;
  username: string;
  passwordHash: string;
  /** Folder under the files root, always starting with "/". */
  scope: string;
  locale: string;
  viewMode: ViewMode;
  singleClick: boolean;
  showHidden: boolean;
  sorting: Sorting;
  perm: Permissions;
  commands: string[];
  rules: Rule[];
  lockPassword: boolean;
  otpEnabled: boolean;
  otpKey: string;
  /** Unix seconds of the last change; tokens issued before it are renewed. */
  updatedAt: number;
}

/** Every permission on: what an admin holds. */
export const ALL_PERMISSIONS: Permissions = {
  admin: true, execute: true, create: true, rename: true, modify: true, delete: true, share: true, download: true, publish: true,
};
