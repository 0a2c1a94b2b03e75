/** @module Users admin store (SPEC §2 Users screens): the list, the user form draft, save and delete. */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount, type Account } from "../api/accounts";
import { fetchSettings } from "../api/settings";
import { accountData, draftFromAccount, draftFromDefaults, type UserDraft } from "./user-form-rules";
import { currentUser, renewToken } from "./auth";
import { applyOwnLocale } from "./own-account";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";

interface UsersState {
  list: Account[] | null;
  listFailed: boolean;
  /** The account being edited (null for a new one). */
  original: Account | null;
  draft: UserDraft | null;
  /** The editing admin's own password, asked when they give their own account a new one. */
  currentPassword: string;
  busy: boolean;
}

const state = proxy<UsersState>({ list: null, listFailed: false, original: null, draft: null, currentPassword: "", busy: false });

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

/** Starts a new user form from the default user settings (an empty draft if they cannot be read). */
export async function openNewAccount(): Promise<void> {
  state.original = null;
  state.draft = null;
  const defaults = await fetchSettings().then((s) => s.defaults).catch(() => null);
  state.draft = draftFromDefaults(defaults);
}

/** Loads an account into the form; false when it cannot be fetched (SPEC §4: the page then goes to new). */
export async function openAccount(id: number): Promise<boolean> {
  state.original = null;
  state.draft = null;
  try {
    const account = await getAccount(id);
    state.original = account;
    state.draft = draftFromAccount(account);
    return true;
  } catch {
    return false;
  }
}

/** Replaces the form draft (the form computes the next draft with the user-form rules). */
export function editAccountDraft(next: UserDraft): void {
  state.draft = next;
}

/** Sets the current password typed for a change of one's own password. */
export function setCurrentPassword(value: string): void {
  state.currentPassword = value;
}

/** True when the form gives the signed-in user's own account a new password, which needs the current one. */
export function changesOwnPassword(original: Pick<Account, "id"> | null, draft: Pick<UserDraft, "password"> | null): boolean {
  return !!original && !!draft && draft.password !== "" && original.id === currentUser()?.id;
}

/**
 * Creates or updates the account of the form ('User created!' / 'User updated!'). Saving one's own
 * account renews the token so the session sees the change at once (language included).
 * Returns the saved account, or null after an error popup.
 */
export async function saveAccountDraft(): Promise<Account | null> {
  if (!state.draft || state.busy) return null;
  state.busy = true;
  const original = state.original;
  try {
    const data = accountData(state.draft, original ?? {});
    const proof = changesOwnPassword(original, state.draft) ? { currentPassword: state.currentPassword } : {};
    const saved = original ? await updateAccount(original.id, ["all"], { ...data, ...proof }) : await createAccount(data);
    notifySuccess(i18next.t(original ? "settings.users.updated" : "settings.users.created"));
    if (original && saved.id === currentUser()?.id) {
      await renewToken();
      await applyOwnLocale(saved.locale);
    }
    state.original = saved;
    state.draft = draftFromAccount(saved);
    state.currentPassword = "";
    return saved;
  } catch (err) {
    notifyError(errorMessage(err));
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
