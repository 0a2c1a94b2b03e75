/**
 * @module Pure rules of the user form's inline errors and its home-folder scope: what a draft lacks before it is
 * sent, which field a server refusal belongs to, and the `/users/<name>` scope a new user starts with.
 */
import { USER_HOMES_DIR } from "../../shared/wire/settings";
import type { UserDraft } from "./user-form-rules";

/** The fields that show errors under them. */
export type UserErrorField = "username" | "password" | "scope";
/** An error as a locale key (under settings.users.errors) and its values. */
export interface FieldError {
  key: "usernameRequired" | "usernameInvalid" | "usernameTaken" | "passwordRequired" | "passwordShort" | "scopeInvalid";
  values?: Record<string, number>;
}
/** Errors per field; a field without one is valid. */
export type UserFieldErrors = Partial<Record<UserErrorField, FieldError>>;

/** The home scope a new user named `username` is proposed: `/users/<name>` (the server's createUserDir folder). */
export function homeScopeOf(username: string): string {
  return `${USER_HOMES_DIR}/${username.trim()}`;
}

/**
 * Whether a new user's scope follows the name typed (`/users/<name>`): when createUserDir is on, or when the default
 * scope would give the whole files root ("/" or empty); an admin's narrower default scope is kept as it is.
 */
export function scopeFollowsName(createUserDir: boolean, defaultScope: string): boolean {
  return createUserDir || defaultScope.trim() === "" || defaultScope.trim() === "/";
}

/**
 * What the form can tell before sending (the server's own checks in src/server/users/user-fields.ts): a user name
 * (no slashes or control characters), a password for a new user of at least `minPasswordLength`, and a scope that
 * starts with "/" and has no "..".
 */
export function validateUserDraft(
  draft: Pick<UserDraft, "username" | "password" | "scope">,
  isNew: boolean,
  minPasswordLength: number,
): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const name = draft.username.trim();
  if (name === "") errors.username = { key: "usernameRequired" };
  else if (/[/\\\x00-\x1f\x7f]/.test(name) || name === "." || name === "..")
    errors.username = { key: "usernameInvalid" };
  if (isNew && draft.password === "") errors.password = { key: "passwordRequired" };
  else if (draft.password !== "" && draft.password.length < minPasswordLength)
    errors.password = { key: "passwordShort", values: { min: minPasswordLength } };
  const scope = draft.scope.trim();
  if (scope !== "" && (!scope.startsWith("/") || scope.split("/").includes("..")))
    errors.scope = { key: "scopeInvalid" };
  return errors;
}

/**
 * The field a server refusal belongs to, from its status and body (409: the name is taken; 400 with a detail
 * naming username, password or scope), or null when it is about something else (shown as a popup).
 */
export function serverFieldError(status: number, text: string): UserFieldErrors | null {
  if (status === 409) return { username: { key: "usernameTaken" } };
  if (status !== 400) return null;
  const detail = /\((username|password|scope)\b([^()]*)\)\s*$/.exec(text);
  if (!detail) return null;
  const [, field, rest] = detail;
  if (field === "username") return { username: { key: "usernameInvalid" } };
  if (field === "scope") return { scope: { key: "scopeInvalid" } };
  const min = /at least (\d+)/.exec(rest);
  return min ? { password: { key: "passwordShort", values: { min: Number(min[1]) } } } : null;
}
