/** @module Users admin store (docs/product.md "Users"): the list, the user form draft, save and delete. */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount, type Account } from "../api/accounts";
import { fetchSettings } from "../api/settings";
import { accountData, draftFromAccount, draftFromDefaults, type UserDraft } from "./user-form-rules";
import { currentUser, renewToken } from "./auth";
import { applyOwnLocale } from "./own-account";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";
import { ApiError } from "../api/client";
import {
  homeScopeOf,
  scopeFollowsName,
  serverFieldError,
  validateUserDraft,
  type UserFieldErrors,
} from "./user-form-errors";

interface UsersState {
  list: Account[] | null;
  listFailed: boolean;
  /** The account being edited (null for a new one). */
  original: Account | null;
  draft: UserDraft | null;
  /** The editing admin's own password, asked when they give their own account a new one. */
  currentPassword: string;
  busy: boolean;
  /** Inline errors of the form, shown once a save was tried. */
  errors: UserFieldErrors;
  tried: boolean;
  /** A new user's scope follows the name typed (`/users/<name>`) until the admin types a scope. */
  followName: boolean;
  /** The minimumPasswordLength setting (0 until read). */
  passwordMin: number;
}

const state = proxy<UsersState>({
  list: null,
  listFailed: false,
  original: null,
  draft: null,
  currentPassword: "",
  busy: false,
  errors: {},
  tried: false,
  followName: false,
  passwordMin: 0,
});

/** Snapshot of the users screens. */
export function useUsers() {
  return useSnapshot(state);
}

/** Loads the users list. */
export async function loadAccounts(): Promise<void> {
  state.listFailed = false;
  try {
    state.list = await listAccounts();
  } catch (err) {
    state.listFailed = true;
    notifyError(errorMessage(err));
  }
}

/**
 * Starts a new user form from the default user settings (an empty draft if they cannot be read); its scope follows
 * the name as `/users/<name>` when new accounts would otherwise get the whole files root, or createUserDir is on.
 */
export async function openNewAccount(): Promise<void> {
  resetForm();
  const settings = await fetchSettings().catch(() => null);
  state.passwordMin = settings?.minimumPasswordLength ?? 0;
  state.followName = !!settings && scopeFollowsName(settings.createUserDir, settings.defaults.scope);
  state.draft = { ...draftFromDefaults(settings?.defaults ?? null), ...(state.followName ? { scope: "" } : {}) };
}

function resetForm(): void {
  state.original = null;
  state.draft = null;
  state.errors = {};
  state.tried = false;
  state.followName = false;
}

/**
 * Loads an account into the form; false when it cannot be fetched (docs/product.md "User not found": the page then goes
 * to new).
 */
export async function openAccount(id: number): Promise<boolean> {
  resetForm();
  void fetchSettings().then(
    (s) => (state.passwordMin = s.minimumPasswordLength),
    () => {},
  );
  try {
    const account = await getAccount(id);
    state.original = account;
    state.draft = draftFromAccount(account);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replaces the form draft (the form computes the next draft with the user-form rules). A new user's scope follows
 * the name until the scope is typed; after a tried save the inline errors follow the draft.
 */
export function editAccountDraft(next: UserDraft): void {
  const prev = state.draft;
  if (state.followName && prev && next.scope !== prev.scope) state.followName = false;
  else if (state.followName && prev && next.username !== prev.username)
    next = { ...next, scope: next.username.trim() ? homeScopeOf(next.username) : "" };
  state.draft = next;
  if (state.tried) state.errors = validateUserDraft(next, !state.original, state.passwordMin);
}

/** Sets the current password typed for a change of one's own password. */
export function setCurrentPassword(value: string): void {
  state.currentPassword = value;
}

/** True when the form gives the signed-in user's own account a new password, which needs the current one. */
export function changesOwnPassword(
  original: Pick<Account, "id"> | null,
  draft: Pick<UserDraft, "password"> | null,
): boolean {
  return !!original && !!draft && draft.password !== "" && original.id === currentUser()?.id;
}

/**
 * Creates or updates the account of the form ('User created!' / 'User updated!'). Saving one's own
 * account renews the token so the session sees the change at once (language included).
 * Returns the saved account, or null after an error popup.
 */
export async function saveAccountDraft(): Promise<Account | null> {
  if (!state.draft || state.busy) return null;
  const original = state.original;
  state.tried = true;
  state.errors = validateUserDraft(state.draft, !original, state.passwordMin);
  if (Object.keys(state.errors).length > 0) return null;
  state.busy = true;
  try {
    const data = accountData(state.draft, original ?? {});
    const proof = changesOwnPassword(original, state.draft) ? { currentPassword: state.currentPassword } : {};
    const saved = original
      ? await updateAccount(original.id, ["all"], { ...data, ...proof })
      : await createAccount(data);
    notifySuccess(i18next.t(original ? "settings.users.updated" : "settings.users.created"));
    if (original && saved.id === currentUser()?.id) {
      await renewToken();
      await applyOwnLocale(saved.locale);
    }
    state.original = saved;
    state.draft = draftFromAccount(saved);
    state.currentPassword = "";
    state.tried = false;
    return saved;
  } catch (err) {
    const fields = err instanceof ApiError ? serverFieldError(err.status, err.text) : null;
    if (fields) state.errors = fields;
    else notifyError(errorMessage(err));
    return null;
  } finally {
    state.busy = false;
  }
}

/** Deletes an account ('User deleted!'); false after an error popup. */
export async function removeAccount(id: number): Promise<boolean> {
  try {
    await deleteAccount(id);
    notifySuccess(i18next.t("settings.users.deleted"));
    if (state.list) state.list = state.list.filter((a) => a.id !== id);
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  }
}
