/**
 * @module Wire shapes of user accounts: permission flags, sorting, path rules, the theme choice and the account
 * as GET/PUT/POST /api/users answer it (docs/product.md "User", "Permission flags", "Rule"). Types and constants only.
 */

/**
 * Permission flags (docs/product.md "Permission flags", "Roles and permissions"); `publish` is stored but governs
 * nothing yet.
 */
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

/** The listing columns a user may sort by. */
export const SORT_KEYS = ["name", "size", "modified", "modeStr"] as const;

/** Listing order saved per user. */
export interface Sorting {
  by: (typeof SORT_KEYS)[number];
  asc: boolean;
}

/** Allow/deny rule by path prefix or regular expression (docs/product.md "Rule"). */
export interface Rule {
  allow: boolean;
  path: string;
  regex: boolean;
  regexp: { raw: string };
}

/** Colour themes a user may pick in the profile; "system" follows the device's prefers-color-scheme. */
export const THEMES = ["light", "dark", "system"] as const;
/** One theme choice. */
export type Theme = (typeof THEMES)[number];
/** The theme of users who never picked one, and the database column default. */
export const DEFAULT_THEME: Theme = "system";

/** The account fields that are stored and sent alike (no secrets). */
export interface AccountFields {
  id: number;
  username: string;
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
  theme: Theme;
}

/** A user as the users API sends it (GET /api/users, GET/PUT/POST /api/users/{id}). */
export interface Account extends AccountFields {
  /** Whether 2FA is on. */
  otp: boolean;
  /**
   * The base32 OTP secret: only in the owner's own view while OTP is off (the profile's 2FA card shows it
   * beside the QR code); "" until the QR code was first loaded. Never sent to anyone else, nor once OTP is on.
   */
  otpKey?: string;
}

/**
 * The settings copied into every new user (docs/product.md "Global settings": the card 'User default settings'; "User
 * form"): these fields of an account.
 */
export type UserDefaults = Pick<
  AccountFields,
  "scope" | "locale" | "viewMode" | "singleClick" | "showHidden" | "sorting" | "perm" | "commands" | "rules" | "theme"
>;
