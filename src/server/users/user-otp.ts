/**
 * @module A user's 2FA life cycle (docs/product.md "Two-factor setup"): key creation, regeneration and the passcode
 * toggle.
 */
import type { Database } from "bun:sqlite";
import { updateUser } from "../db/users-table";
import { generateOtpSecret, verifyOtpPasscode } from "../auth/otp";
import { BadRequest, Forbidden } from "../errors";
import type { User } from "./types";

/**
 * Returns the user with an OTP key, creating and saving one when there is none, or a fresh one when
 * `regenerate` is set (docs/product.md "Two-factor setup": `regenerate=once`).
 * @throws Forbidden (403) while OTP is on: the secret in use is neither shown again nor replaced.
 */
export function ensureOtpKey(db: Database, user: User, regenerate: boolean): User {
  if (user.otpEnabled) throw new Forbidden("OTP is on; revoke it first");
  if (user.otpKey && !regenerate) return user;
  const next = { ...user, otpKey: generateOtpSecret() };
  updateUser(db, next);
  return next;
}

/**
 * Validates `passcode` against the user's key and toggles OTP: on when it was off, off (and the key dropped,
 * so the next enrolment gets a new one) when it was on.
 * @throws BadRequest (400) without a key yet, or for a wrong passcode.
 */
export function toggleOtp(user: User, passcode: unknown): User {
  if (!user.otpKey) throw new BadRequest("no OTP key yet: load the QR code first");
  if (typeof passcode !== "string" || !verifyOtpPasscode(user.otpKey, passcode.trim()))
    throw new BadRequest("wrong OTP passcode");
  return user.otpEnabled ? { ...user, otpEnabled: false, otpKey: "" } : { ...user, otpEnabled: true };
}

/**
 * Applies an admin's `otp` change: only `false` is accepted (switching off a lost authenticator).
 * @throws BadRequest for any other value.
 */
export function switchOtpOff(user: User, value: unknown): User {
  if (value !== false) throw new BadRequest("otp can only be set to false; users turn it on with a passcode");
  return { ...user, otpEnabled: false, otpKey: "" };
}
