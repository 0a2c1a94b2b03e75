/** @module Pure rules of the password change card (docs/product.md "Profile", "Password change"). */

/** How the two password fields look: neutral while empty, green when equal, red when they differ. */
export type PasswordMatch = "empty" | "match" | "mismatch";

/** Compares the new password with its confirmation. */
export function passwordMatch(password: string, confirm: string): PasswordMatch {
  if (password === "" && confirm === "") return "empty";
  if (password === confirm) return "match";
  return "mismatch";
}

/** docs/product.md "Password change": the change is submitted only when both are equal and non-empty. */
export function canSubmitPassword(password: string, confirm: string): boolean {
  return passwordMatch(password, confirm) === "match";
}

/** A 2FA passcode as typed is usable when it is exactly 6 digits (docs/product.md "Task defaults"). */
export function isPasscode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/**
 * docs/product.md "Two-factor setup": with OTP off and no key yet, loading the QR creates the key, so the profile is
 * fetched again once (never more, so a server that keeps the key empty cannot cause a loop).
 */
export function needsKeyRefresh(account: { otp: boolean; otpKey?: string } | null, alreadyRefreshed: boolean): boolean {
  return !!account && !account.otp && !account.otpKey && !alreadyRefreshed;
}
