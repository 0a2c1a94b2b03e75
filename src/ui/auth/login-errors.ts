/** @module Login failure messages (docs/product.md "Login errors") as i18n keys or server detail. */
import { ApiError } from "../api/client";
import { errorDetail } from "../api/errors";
import { TOKEN_EXPIRED, TOKEN_MALFORMED } from "./token";

/** What the login form shows for a failure: a message key, or the server's own detail text. */
export type LoginFailure =
  | {
      key:
        | "login.errors.wrongCredentials"
        | "login.errors.banned"
        | "login.errors.usernameTaken"
        | "login.errors.passwordsMismatch"
        | "login.errors.tokenMalformed"
        | "login.errors.tokenExpired"
        | "login.errors.unknown";
    }
  | { detail: string };

/** Whether a 403 answer asks for the 2FA passcode (its text mentions OTP or passcode). */
export function needsPasscode(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && /otp|passcode/i.test(err.text);
}

/**
 * Maps a failed login: 403 shows the server's detail in parentheses when there is one, else wrong
 * credentials; 429 banned; 409 username taken (signup); a rejected token its message (docs/product.md "Token errors");
 * else unknown.
 */
export function loginFailure(err: unknown): LoginFailure {
  if (!(err instanceof ApiError)) {
    const message = err instanceof Error ? err.message : "";
    if (message === TOKEN_MALFORMED) return { key: "login.errors.tokenMalformed" };
    if (message === TOKEN_EXPIRED) return { key: "login.errors.tokenExpired" };
    return { key: "login.errors.unknown" };
  }
  if (err.status === 403) {
    const detail = errorDetail(err.text);
    return detail ? { detail } : { key: "login.errors.wrongCredentials" };
  }
  if (err.status === 429) return { key: "login.errors.banned" };
  if (err.status === 409) return { key: "login.errors.usernameTaken" };
  return { key: "login.errors.unknown" };
}

/** A redirect target that stays inside the app: a path starting with one "/" (never "//host"), else the default. */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value;
}
