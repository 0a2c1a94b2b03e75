/** @module Pure rules of the password change card (SPEC §2 Profile settings, §5 Password change). */

/** How the two password fields look: neutral while empty, green when equal, red when they differ. */
export type PasswordMatch = "empty" | "match" | "mismatch";

/** Compares the new password with its confirmation. */
export function passwordMatch(password: string, confirm: string): PasswordMatch {
  if (password === "" && confirm === "") return "empty";
  if (password === confirm) return "match";
  return "mismatch";
}

/** SPEC §5: the change is submitted only when both are equal and non-empty. */
export function canSubmitPassword(password: string, confirm: string): boolean {
  return passwordMatch(password, confirm) === "match";
}

/** A 2FA passcode as typed is usable when it is exactly 6 digits (SPEC §9). */
export function isPasscode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/**
 * SPEC §4 OTP: with OTP off and no key yet, loading the QR creates the key, so the profile is fetched
 * again once (never more, so a server that keeps the key empty cannot cause a loop).
 */
export function needsKeyRefresh(account: { otp: boolean; otpKey?: string } | null, alreadyRefreshed: boolean): boolean {
  return !!account && !account.otp && !account.otpKey && !alreadyRefreshed;
}
