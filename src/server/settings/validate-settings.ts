/**
 * @module Applies a (partial) settings object from PUT /api/settings or `fbe config set` over the current
 * settings, checking every field against SETTINGS_FIELDS (docs/product.md "Settings ranges").
 */
import { BadRequest } from "../errors";
import {
  parseBoolean,
  parseLocale,
  parsePermissions,
  parseRules,
  parseScope,
  parseSorting,
  parseString,
  parseTheme,
  parseViewMode,
  parseWords,
} from "../users/user-fields";
import { SETTINGS_FIELDS, type FieldSpec, type StoredSettings, type SectionSpec, type UserDefaults } from "./schema";

/** The refusal of open signup over the whole files root, as PUT /api/settings and `fbe config set` answer it. */
export const SIGNUP_WHOLE_ROOT =
  "signup needs createUserDir, or a default scope other than /: a self-registered account would reach every file";

/**
 * Returns `current` with the fields of `patch` checked and applied. Sections may be partial; unknown keys are
 * ignored (GET answers carry read-only extras). An empty captcha secret keeps the stored one.
 * @throws BadRequest `(<field> ...)` naming the first invalid field, e.g. `video.volume must be 0-100`.
 */
export function applySettingsPatch(current: StoredSettings, patch: unknown): StoredSettings {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw new BadRequest("settings must be an object");
  const next = structuredClone(current) as unknown as Record<string, unknown>;
  for (const [key, spec] of Object.entries(SETTINGS_FIELDS)) {
    const value = (patch as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (isField(spec)) {
      next[key] = parseField(spec, value, key, next[key]);
      continue;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new BadRequest(`${key} must be an object`);
    const section = next[key] as Record<string, unknown>;
    for (const [field, fieldSpec] of Object.entries(spec)) {
      const v = (value as Record<string, unknown>)[field];
      if (v !== undefined) section[field] = parseField(fieldSpec, v, `${key}.${field}`, section[field]);
    }
  }
  const result = next as unknown as StoredSettings;
  if (!result.captcha.secret) result.captcha.secret = current.captcha.secret;
  assertSignupConfined(result);
  return result;
}

/**
 * docs/security.md "Open signup": signup may be on only when each new account gets its own folder (createUserDir)
 * or the admin chose a default scope narrower than the files root.
 * @throws BadRequest (SIGNUP_WHOLE_ROOT) otherwise.
 */
function assertSignupConfined(s: StoredSettings): void {
  if (s.signup && !s.createUserDir && s.defaults.scope === "/") throw new BadRequest(SIGNUP_WHOLE_ROOT);
}

function isField(spec: FieldSpec | SectionSpec): spec is FieldSpec {
  return typeof (spec as FieldSpec).kind === "string";
}

/** Accepts a number, or a numeric string (form inputs), as an integer in range and on the step. */
function parseInteger(spec: Extract<FieldSpec, { kind: "integer" }>, value: unknown, name: string): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < spec.min || n > spec.max) {
    throw new BadRequest(`${name} must be an integer from ${spec.min} to ${spec.max}`);
  }
  if (spec.step && n % spec.step !== 0) throw new BadRequest(`${name} must be a multiple of ${spec.step}`);
  return n;
}

function parseText(spec: Extract<FieldSpec, { kind: "string" }>, value: unknown, name: string): string {
  let s = parseString(value, name, spec.max);
  if (spec.trim) s = s.trim();
  if (spec.oneOf && !spec.oneOf.includes(s)) throw new BadRequest(`${name} must be one of ${spec.oneOf.join(", ")}`);
  if (spec.url && s && !/^https?:\/\/[^\s]+$/i.test(s)) throw new BadRequest(`${name} must be an http(s) URL`);
  return s;
}

function parseField(spec: FieldSpec, value: unknown, name: string, previous: unknown): unknown {
  switch (spec.kind) {
    case "boolean":
      return parseBoolean(value, name);
    case "integer":
      return parseInteger(spec, value, name);
    case "string":
      return parseText(spec, value, name);
    case "words":
      return parseWords(value, name);
    case "string-list":
      return parseStringList(value, name);
    case "command-map":
      return parseCommandMap(value, name);
    case "rules":
      return parseRules(value, name);
    case "user-defaults":
      return parseUserDefaults(value, name, previous as UserDefaults);
  }
}

/** A list of non-empty trimmed strings (excluded index folders). */
function parseStringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
    throw new BadRequest(`${name} must be a list of strings`);
  return (value as string[]).map((v) => v.trim()).filter(Boolean);
}

/** Event name to command lines; lines are trimmed and empty ones dropped (docs/product.md "Settings ranges"). */
function parseCommandMap(value: unknown, name: string): Record<string, string[]> {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new BadRequest(`${name} must be an object of event lines`);
  const out: Record<string, string[]> = {};
  for (const [event, lines] of Object.entries(value)) {
    const list = typeof lines === "string" ? lines.split("\n") : lines;
    if (!Array.isArray(list) || list.some((l) => typeof l !== "string"))
      throw new BadRequest(`${name}.${event} must be a list of lines`);
    out[event] = (list as string[]).map((l) => l.trim()).filter(Boolean);
  }
  return out;
}

/** The user defaults form; partial objects keep the fields they leave out. */
function parseUserDefaults(value: unknown, name: string, previous: UserDefaults): UserDefaults {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new BadRequest(`${name} must be an object`);
  const v = value as Partial<Record<keyof UserDefaults, unknown>>;
  const next = { ...previous };
  if (v.scope !== undefined) next.scope = parseScope(v.scope, `${name}.scope`);
  if (v.locale !== undefined) next.locale = parseLocale(v.locale, `${name}.locale`);
  if (v.viewMode !== undefined) next.viewMode = parseViewMode(v.viewMode, `${name}.viewMode`);
  if (v.singleClick !== undefined) next.singleClick = parseBoolean(v.singleClick, `${name}.singleClick`);
  if (v.showHidden !== undefined) next.showHidden = parseBoolean(v.showHidden, `${name}.showHidden`);
  if (v.sorting !== undefined) next.sorting = parseSorting(v.sorting, `${name}.sorting`);
  if (v.perm !== undefined) next.perm = parsePermissions(v.perm, `${name}.perm`);
  if (v.commands !== undefined) next.commands = parseWords(v.commands, `${name}.commands`);
  if (v.rules !== undefined) next.rules = parseRules(v.rules, `${name}.rules`);
  if (v.theme !== undefined) next.theme = parseTheme(v.theme, `${name}.theme`);
  return next;
}
