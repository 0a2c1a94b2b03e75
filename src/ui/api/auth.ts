/** @module Login and token renewal calls (SPEC §7). */
import { apiText } from "./client";

/** Credentials of POST /api/login. */
export interface Credentials {
  username: string;
  password: string;
  otpPasscode?: string;
  /** The captcha response when the login page asks for one (SPEC §5 Login). */
  recaptcha?: string;
}

/** Logs in and returns the token. @throws ApiError (403 wrong credentials or passcode, 429 banned). */
export function loginRequest(creds: Credentials): Promise<string> {
  return apiText("/api/login", {
    method: "POST",
    auth: false,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: creds.username, password: creds.password, otpPasscode: creds.otpPasscode ?? "", recaptcha: creds.recaptcha ?? "" }),
  });
}

/** Asks for a fresh token with the current one (or none, in no-auth mode). @throws ApiError. */
export function renewRequest(token: string | null): Promise<string> {
  return apiText("/api/renew", { method: "POST", auth: false, headers: token ? { "X-Auth": token } : {} });
}

/** Creates an account when signup is open. @throws ApiError (409 username taken). */
export async function signupRequest(username: string, password: string): Promise<void> {
  await apiText("/api/signup", {
    method: "POST",
    auth: false,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}
