/** @module Profile store (docs/product.md "Profile", "Two-factor setup"): the own account, password change and 2FA. */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { changePassword, getAccount, submitPasscode, type Account } from "../api/accounts";
import { canSubmitPassword, needsKeyRefresh } from "./password-rules";
import { renewToken } from "./auth";
import { notifyError, notifySuccess } from "../notify";
import { RELOAD_DELAY_MS } from "../constants";
import { errorMessage } from "../api/errors";

interface ProfileState {
  account: Account | null;
  /** Bumped to load the QR image again; `regenerate` asks for a new key with it. */
  qrNonce: number;
  regenerate: boolean;
  /** The profile was fetched again after the QR created the key (docs/product.md "Two-factor setup": only once). */
  keyRefreshed: boolean;
  busy: boolean;
}

const state = proxy<ProfileState>({ account: null, qrNonce: 0, regenerate: false, keyRefreshed: false, busy: false });

/** Snapshot of the profile screen. */
export function useProfile() {
  return useSnapshot(state);
}

/** Fetches the own account (with its OTP state and key). */
export async function loadProfile(id: number): Promise<void> {
  try {
    state.account = await getAccount(id);
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/**
 * The QR image loaded: with OTP off and no key yet the QR call just created it, so the profile is
 * fetched again after 500 ms (docs/product.md "Two-factor setup"), once; after a regenerate the key text is refreshed
 * the same way.
 */
export function qrLoaded(): void {
  const account = state.account;
  if (!account) return;
  if (state.regenerate || needsKeyRefresh(account, state.keyRefreshed)) {
    state.keyRefreshed = true;
    state.regenerate = false;
    setTimeout(() => void loadProfile(account.id), RELOAD_DELAY_MS);
  }
}

/** Asks the server for a new 2FA key by posting for the QR with regenerate=once (confirmed by the page). */
export function regenerateKey(): void {
  state.regenerate = true;
  state.qrNonce = Date.now();
}

/**
 * docs/product.md "Password change": saves the new password only when both fields are equal and non-empty
 * ('Password updated!'); the server checks `current`, the password in use.
 */
export async function savePassword(current: string, password: string, confirm: string): Promise<boolean> {
  const account = state.account;
  if (!account || !canSubmitPassword(password, confirm)) return false;
  try {
    await changePassword(account.id, password, current);
    notifySuccess(i18next.t("settings.profile.passwordUpdated"));
    await renewToken();
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  }
}

/**
 * Validates (OTP off) or revokes (OTP on) with a passcode, then refreshes the profile (docs/product.md "Two-factor
 * setup").
 */
export async function sendPasscode(code: string): Promise<boolean> {
  const account = state.account;
  if (!account || state.busy) return false;
  state.busy = true;
  try {
    await submitPasscode(account.id, code.trim());
    await loadProfile(account.id);
    const on = state.account?.otp ?? !account.otp;
    notifySuccess(i18next.t(on ? "settings.profile.otpEnabled" : "settings.profile.otpRevoked"));
    state.keyRefreshed = false;
    state.qrNonce = Date.now();
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  } finally {
    state.busy = false;
  }
}
