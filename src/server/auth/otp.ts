/**
 * @module Time-based one-time passcodes (RFC 6238 TOTP: SHA-1, 6 digits, 30 s) and their enrolment QR code. otpauth
 * and qrcode load on first use: only accounts with two-factor sign-in need them.
 */
import type { Secret as SecretClass, TOTP as TOTPClass } from "otpauth";

/** TOTP passcodes have 6 digits; one 30 s step of clock drift is accepted either way. */
const OTP_DIGITS = 6;
const OTP_WINDOW = 1;

type Otpauth = { Secret: typeof SecretClass; TOTP: typeof TOTPClass };

let otpauthModule: Otpauth | undefined;

/** The otpauth module, loaded by the first call. */
function otpauth(): Otpauth {
  return (otpauthModule ??= require("otpauth") as Otpauth);
}

/** A new random 160-bit secret (RFC 4226 recommends at least 128 bits), base32 encoded as authenticator apps expect. */
export function generateOtpSecret(): string {
  return new (otpauth().Secret)({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URI of a secret, labelled `issuer:label` for authenticator apps. */
export function otpAuthUri(secret: string, issuer: string, label: string): string {
  return totpFor(secret, issuer, label).toString();
}

/**
 * True when `passcode` is the 6-digit code of `secret` at `timestampMs`, accepting one step of drift
 * either way (docs/product.md "Task defaults": 6 digits).
 */
export function verifyOtpPasscode(secret: string, passcode: string, timestampMs = Date.now()): boolean {
  if (!secret || !new RegExp(`^\\d{${OTP_DIGITS}}$`).test(passcode)) return false;
  try {
    return totpFor(secret, "", "").validate({ token: passcode, timestamp: timestampMs, window: OTP_WINDOW }) !== null;
  } catch {
    return false;
  }
}

/** Renders `text` (the otpauth URI) as a PNG QR code; qrcode (and pngjs) load with the first one, in a chunk of their own. */
export async function qrCodePng(text: string): Promise<Buffer> {
  const { toBuffer } = await import("qrcode");
  return toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 256 });
}

function totpFor(secret: string, issuer: string, label: string): TOTPClass {
  const { Secret, TOTP } = otpauth();
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: OTP_DIGITS,
    period: 30,
  });
}
