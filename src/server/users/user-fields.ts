/** @module Checks and normalizes the user fields that arrive from the API, the CLI or the defaults form. */
import { BadRequest } from "../errors";
import { normalizeVirtualPath } from "../fs/scope";
import { rulePatternProblem } from "../fs/rule-pattern";
import { SORT_KEYS, THEMES } from "../../shared/wire/user";
import type { Permissions, Rule, Sorting, Theme, ViewMode } from "./types";

const PERMISSION_NAMES: readonly (keyof Permissions)[] = [
  "admin",
  "execute",
  "create",
  "rename",
  "modify",
  "delete",
  "share",
  "download",
  "publish",
];
const MAX_USERNAME = 64;
const MAX_PASSWORD = 1024;
const MAX_RULES = 1000;

/** A boolean field. @throws BadRequest naming `field` otherwise. */
export function parseBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw new BadRequest(`${field} must be true or false`);
  return value;
}

/** A plain string field up to `max` characters. @throws BadRequest naming `field`. */
export function parseString(value: unknown, field: string, max: number): string {
  if (typeof value !== "string") throw new BadRequest(`${field} must be a string`);
  if (value.length > max) throw new BadRequest(`${field} must be at most ${max} characters`);
  return value;
}

/**
 * A user name: trimmed, 1-64 characters, no slash, backslash or control character, not "." or ".."
 * (it may become the folder `/users/<name>`). @throws BadRequest.
 */
export function parseUsername(value: unknown): string {
  const name = parseString(value, "username", MAX_USERNAME * 4).trim();
  if (!name || name.length > MAX_USERNAME) throw new BadRequest(`username must be 1-${MAX_USERNAME} characters`);
  if (/[/\\\x00-\x1f\x7f]/.test(name) || name === "." || name === "..")
    throw new BadRequest("username must not contain slashes or control characters");
  return name;
}

/** A new password of at least `minLength` characters (the minimumPasswordLength setting). @throws BadRequest. */
export function parsePassword(value: unknown, minLength: number): string {
  const password = parseString(value, "password", MAX_PASSWORD);
  if (password.length < minLength) throw new BadRequest(`password must be at least ${minLength} characters`);
  return password;
}

/**
 * A scope folder under the files root, normalized to "/a/b" ("" and "." mean "/"). `field` names it in errors
 * (`defaults.scope` in the settings). @throws BadRequest for ".." and the like.
 */
export function parseScope(value: unknown, field = "scope"): string {
  const raw = parseString(value, field, 4096).trim();
  try {
    return normalizeVirtualPath(raw === "." ? "/" : raw).path;
  } catch {
    throw new BadRequest(`${field} must be a folder inside the files root`);
  }
}

/** A locale id such as "en" or "zh-cn", or "" for browser detection. @throws BadRequest naming `field`. */
export function parseLocale(value: unknown, field = "locale"): string {
  const locale = parseString(value, field, 16).trim().toLowerCase();
  if (locale && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(locale))
    throw new BadRequest(`${field} must look like en or zh-cn`);
  return locale;
}

/** "list" or "mosaic". @throws BadRequest naming `field`. */
export function parseViewMode(value: unknown, field = "viewMode"): ViewMode {
  if (value !== "list" && value !== "mosaic") throw new BadRequest(`${field} must be list or mosaic`);
  return value;
}

/** "light", "dark" or "system" (the profile's theme choice). @throws BadRequest for anything else. */
export function parseTheme(value: unknown, field = "theme"): Theme {
  if (!THEMES.includes(value as Theme)) throw new BadRequest(`${field} must be one of ${THEMES.join(", ")}`);
  return value as Theme;
}

/** `{by, asc}` with by one of name, size, modified, modeStr. @throws BadRequest naming `field`.by or .asc. */
export function parseSorting(value: unknown, field = "sorting"): Sorting {
  const v = value as Partial<Sorting> | null;
  if (!v || typeof v !== "object" || !SORT_KEYS.includes(v.by as Sorting["by"])) {
    throw new BadRequest(`${field}.by must be one of ${SORT_KEYS.join(", ")}`);
  }
  return { by: v.by as Sorting["by"], asc: parseBoolean(v.asc ?? true, `${field}.asc`) };
}

/**
 * Permission flags; a missing flag is off, unknown keys are ignored.
 * @throws BadRequest naming `field` for anything but an object (a list included) or a non-boolean flag.
 */
export function parsePermissions(value: unknown, field = "perm"): Permissions {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new BadRequest(`${field} must be an object of flags`);
  const v = value as Record<string, unknown>;
  const perm = {} as Permissions;
  for (const name of PERMISSION_NAMES)
    perm[name] = v[name] === undefined ? false : parseBoolean(v[name], `${field}.${name}`);
  return perm;
}

/**
 * Words from an array or a space-separated string; empty words are dropped (docs/product.md "User"). @throws
 * BadRequest.
 */
export function parseWords(value: unknown, field: string): string[] {
  const list = typeof value === "string" ? value.split(" ") : value;
  if (!Array.isArray(list) || list.some((w) => typeof w !== "string"))
    throw new BadRequest(`${field} must be a list of words`);
  return (list as string[]).map((w) => w.trim()).filter(Boolean);
}

/**
 * Allow/deny rules (docs/product.md "Rule"). A path rule needs a path (normalized to "/a/b"); a regex rule needs a
 * pattern that compiles. @throws BadRequest naming the rule index.
 */
export function parseRules(value: unknown, field = "rules"): Rule[] {
  if (!Array.isArray(value) || value.length > MAX_RULES)
    throw new BadRequest(`${field} must be a list of at most ${MAX_RULES} rules`);
  return value.map((raw, i) => {
    const r = (raw ?? {}) as Partial<Rule>;
    const name = `${field}[${i}]`;
    const regex = parseBoolean(r.regex ?? false, `${name}.regex`);
    const allow = parseBoolean(r.allow ?? false, `${name}.allow`);
    if (regex) {
      const pattern = parseString(r.regexp?.raw ?? "", `${name}.regexp.raw`, 1024);
      const problem = pattern ? rulePatternProblem(pattern) : "invalid";
      if (problem === "invalid") throw new BadRequest(`${name}.regexp.raw must be a valid regular expression`);
      // docs/security.md "Regex rules": rules run on a linear-time engine, which has no backtracking features.
      if (problem)
        throw new BadRequest(
          `${name}.regexp.raw uses lookaround, a back-reference or a repeat count over 1000, which rules do not support`,
        );
      return { allow, path: "", regex: true, regexp: { raw: pattern } };
    }
    const path = parseString(r.path ?? "", `${name}.path`, 4096).trim();
    if (!path) throw new BadRequest(`${name}.path must not be empty`);
    try {
      return { allow, path: normalizeVirtualPath(path).path, regex: false, regexp: { raw: "" } };
    } catch {
      throw new BadRequest(`${name}.path must not contain ..`);
    }
  });
}
