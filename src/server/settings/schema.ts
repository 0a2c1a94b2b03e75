/** @module Shape and defaults of the global settings and the defaults given to new users (SPEC section 3). */
import type { Permissions, Rule, Sorting, ViewMode } from "../users/types";

/** Settings copied into every new user (SPEC "User default settings"). */
export interface UserDefaults {
  scope: string;
  locale: string;
  viewMode: ViewMode;
  singleClick: boolean;
  showHidden: boolean;
  sorting: Sorting;
  perm: Permissions;
  commands: string[];
  rules: Rule[];
}

export interface Branding {
  name: string;
  files: string;
  description: string;
}

export interface GlobalSettings {
  signup: boolean;
  createUserDir: boolean;
  branding: Branding;
  defaults: UserDefaults;
}

/** Defaults of a fresh install. New users may create, rename, modify, delete, share and download, not admin/execute. */
export const DEFAULT_SETTINGS: GlobalSettings = {
  signup: false,
  createUserDir: false,
  branding: { name: "", files: "", description: "" },
  defaults: {
    scope: ".",
    locale: "",
    viewMode: "list",
    singleClick: false,
    showHidden: false,
    sorting: { by: "name", asc: true },
    perm: {
      admin: false, execute: false, create: true, rename: true, modify: true, delete: true, share: true, download: true, publish: false,
    },
    commands: [],
    rules: [],
  },
};
