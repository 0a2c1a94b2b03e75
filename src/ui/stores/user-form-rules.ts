/**
 * @module Pure rules of the user form (docs/product.md "Admin checkbox", "User form"): drafts, permissions, rules,
 * commands.
 */
import type { Account, AccountData, Rule } from "../api/accounts";
import type { UserDefaults } from "../api/settings";
import type { Permissions } from "../auth/token";

/** What the user form edits; commands are kept as the text typed (space-separated). */
export interface UserDraft {
  username: string;
  password: string;
  scope: string;
  locale: string;
  lockPassword: boolean;
  perm: Permissions;
  commandsText: string;
  rules: Rule[];
}

/** The permission flags in the order the form lists them. */
export const PERMISSION_NAMES: readonly (keyof Permissions)[] = [
  "admin",
  "create",
  "rename",
  "modify",
  "delete",
  "share",
  "download",
  "execute",
  "publish",
];

/** No permission at all (used when the defaults cannot be read). */
export const NO_PERMISSIONS: Permissions = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
  publish: false,
};

/**
 * docs/product.md "Admin checkbox": checking admin turns every flag on and clears lockPassword; unchecking only
 * clears admin and leaves the other flags as they were.
 */
export function setAdmin(draft: UserDraft, checked: boolean): UserDraft {
  if (!checked) return { ...draft, perm: { ...draft.perm, admin: false } };
  const all = Object.fromEntries(Object.keys(draft.perm).map((k) => [k, true])) as unknown as Permissions;
  return { ...draft, perm: { ...all, admin: true }, lockPassword: false };
}

/** Sets one permission flag; the admin flag goes through setAdmin. */
export function setPermission(draft: UserDraft, name: keyof Permissions, checked: boolean): UserDraft {
  if (name === "admin") return setAdmin(draft, checked);
  if (draft.perm.admin) return draft;
  return { ...draft, perm: { ...draft.perm, [name]: checked } };
}

/** Whether a permission box is disabled: every one but admin while admin is checked. */
export function isPermissionLocked(perm: Permissions, name: keyof Permissions): boolean {
  return name !== "admin" && perm.admin;
}

/** Splits the commands text on whitespace, dropping empty words. */
export function parseCommands(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A new empty rule row (allow, by path). */
export function newRule(): Rule {
  return { allow: true, path: "", regex: false, regexp: { raw: "" } };
}

/** The text a rule row shows: its regular expression or its path. */
export function ruleValue(rule: Rule): string {
  return rule.regex ? rule.regexp.raw : rule.path;
}

/** Changes one rule row; switching regex moves the typed text to the matching field. */
export function updateRule(
  rules: readonly Rule[],
  index: number,
  patch: { allow?: boolean; regex?: boolean; value?: string },
): Rule[] {
  return rules.map((rule, i) => {
    if (i !== index) return rule;
    const regex = patch.regex ?? rule.regex;
    const value = patch.value ?? ruleValue(rule);
    return { allow: patch.allow ?? rule.allow, regex, path: regex ? "" : value, regexp: { raw: regex ? value : "" } };
  });
}

/** Removes one rule row. */
export function removeRule(rules: readonly Rule[], index: number): Rule[] {
  return rules.filter((_, i) => i !== index);
}

/** Rule rows worth saving: trimmed, without empty ones. */
export function cleanRules(rules: readonly Rule[]): Rule[] {
  return rules
    .map((r) => ({
      allow: r.allow,
      regex: r.regex,
      path: r.regex ? "" : r.path.trim(),
      regexp: { raw: r.regex ? r.regexp.raw.trim() : "" },
    }))
    .filter((r) => ruleValue(r) !== "");
}

/** docs/product.md "Settings ranges": a rule path input ignores Enter (it must not submit the form). */
export function rulePathSwallowsKey(key: string): boolean {
  return key === "Enter";
}

/** A draft for a new user, started from the default user settings. */
export function draftFromDefaults(defaults: UserDefaults | null): UserDraft {
  return {
    username: "",
    password: "",
    scope: defaults?.scope ?? "",
    locale: defaults?.locale ?? "",
    lockPassword: false,
    perm: { ...NO_PERMISSIONS, ...(defaults?.perm ?? {}) },
    commandsText: (defaults?.commands ?? []).join(" "),
    rules: (defaults?.rules ?? []).map((r) => ({ ...r, regexp: { ...r.regexp } })),
  };
}

/** A draft for editing an account; the password starts empty (no change). */
export function draftFromAccount(account: Account): UserDraft {
  return {
    username: account.username,
    password: "",
    scope: account.scope,
    locale: account.locale,
    lockPassword: account.lockPassword,
    perm: { ...NO_PERMISSIONS, ...account.perm },
    commandsText: account.commands.join(" "),
    rules: account.rules.map((r) => ({ ...r, regexp: { ...r.regexp } })),
  };
}

/** The account fields the form does not show, kept as they are on an update. */
const KEPT_FIELDS = ["id", "viewMode", "singleClick", "showHidden", "sorting", "theme"] as const;

/**
 * The API body of a draft (docs/product.md "Names": text inputs trimmed), keeping the account fields of `base` the form
 * does not show; without them (a new user) the server fills those from the default user settings.
 */
export function accountData(draft: UserDraft, base: Partial<Account> = {}): AccountData {
  const kept = Object.fromEntries(KEPT_FIELDS.filter((k) => base[k] !== undefined).map((k) => [k, base[k]]));
  return {
    ...(kept as Partial<Pick<Account, (typeof KEPT_FIELDS)[number]>>),
    username: draft.username.trim(),
    password: draft.password,
    scope: draft.scope.trim(),
    locale: draft.locale,
    lockPassword: draft.perm.admin ? false : draft.lockPassword,
    perm: { ...draft.perm },
    commands: parseCommands(draft.commandsText),
    rules: cleanRules(draft.rules),
  };
}

/** The defaults object of a defaults draft (no username, password or lock; rules kept from `base`). */
export function defaultsData(draft: UserDraft, base: UserDefaults): UserDefaults {
  return {
    ...base,
    scope: draft.scope.trim(),
    locale: draft.locale,
    perm: { ...draft.perm },
    commands: parseCommands(draft.commandsText),
  };
}
