/** @module Login and token renewal calls (docs/product.md "Sign-in calls"). */
import { apiJson, apiText } from "./client";
import { encodePath } from "../format/encode-path";
import { AUTH_HEADER } from "../../shared/wire/headers";
import type { MediaGrant } from "../../shared/wire/media-grant";

/** Credentials of POST /api/login. */
export interface Credentials {
  username: string;
  password: string;
  otpPasscode?: string;
  /** The captcha response when the login page asks for one (docs/product.md "Login fields"). */
  recaptcha?: string;
}

/** Logs in and returns the token. @throws ApiError (403 wrong credentials or passcode, 429 banned). */
export function loginRequest(creds: Credentials): Promise<string> {
  return apiText("/api/login", {
    method: "POST",
    auth: false,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: creds.username,
      password: creds.password,
      otpPasscode: creds.otpPasscode ?? "",
      recaptcha: creds.recaptcha ?? "",
    }),
  });
}

/** Asks for a fresh token with the current one (or none, in no-auth mode). @throws ApiError. */
export function renewRequest(token: string | null): Promise<string> {
  return apiText("/api/renew", { method: "POST", auth: false, headers: token ? { [AUTH_HEADER]: token } : {} });
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

export type { MediaGrant };

/** Asks for the media token of a folder ("/a/") or a file path. @throws ApiError (403 outside the scope, 404 missing). */
export function mediaTokenRequest(path: string): Promise<MediaGrant> {
  return apiJson<MediaGrant>(`/api/media-token${encodePath(path)}`);
}

/** Ends the current session on the server (logout). @throws ApiError. */
export async function logoutRequest(token: string): Promise<void> {
  await apiText("/api/logout", { method: "POST", auth: false, headers: { [AUTH_HEADER]: token } });
}

/** Ends every other session of the current user; returns how many ended. @throws ApiError. */
export async function logoutOthersRequest(): Promise<number> {
  const res = await apiJson<{ ended: number }>("/api/logout?others=true", { method: "POST" });
  return res.ended;
}
