/**
 * @module Session store (docs/product.md "Session"): the token in local storage, the user from its payload, renewal,
 * logout.
 */
import { proxy, useSnapshot } from "valtio";
import { parseToken, type TokenUser } from "../auth/token";
import { configureClient } from "../api/client";
import { loginRequest, logoutRequest, renewRequest, type Credentials } from "../api/auth";
import { clearMediaTokens } from "./media-tokens";
import { applyOwnLocale } from "./own-account";
import { config } from "./config";

/** Where the session token is kept (docs/product.md "Session": local storage). */
const TOKEN_STORAGE_KEY = "jwt";

interface AuthState {
  token: string | null;
  user: TokenUser | null;
}

const state = proxy<AuthState>({ token: null, user: null });
let renewing: Promise<void> | null = null;
let onLoggedOut: (expired: boolean) => void = () => {};

/** Snapshot of the session for components. */
export function useAuth() {
  return useSnapshot(state);
}

/** The current token (for media URLs built outside React). */
export function currentToken(): string | null {
  return state.token;
}

/** The logged-in user, or null. */
export function currentUser(): TokenUser | null {
  return state.user;
}

/**
 * Checks and stores a token and takes the user from its payload.
 * @throws Error('token malformed' | 'token expired') and leaves the session unchanged.
 */
export function setToken(token: string): void {
  const payload = parseToken(token.trim());
  state.token = token.trim();
  state.user = payload.user;
  localStorage.setItem(TOKEN_STORAGE_KEY, state.token);
}

/**
 * Clears token and user and tells the app to go to /login (docs/product.md "Session"). `expired` marks a session the
 * server refused, so the login page can bring the user back to where they were.
 */
export function logout(expired = false): void {
  // End the session on the server too, so the token and its media links stop working (not needed when expired).
  if (state.token && !expired) logoutRequest(state.token).catch(() => {});
  clearMediaTokens();
  state.token = null;
  state.user = null;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  onLoggedOut(expired);
}

/** Registers what happens after logout (the app navigates to /login). */
export function onLogout(fn: (expired: boolean) => void): void {
  onLoggedOut = fn;
}

/**
 * Logs in with credentials, stores the answered token and switches to the account's saved language before
 * the first page shows (a fresh browser knows no language of its own yet). @throws ApiError or a token Error.
 */
export async function login(creds: Credentials): Promise<void> {
  setToken(await loginRequest(creds));
  if (state.user?.locale) await applyOwnLocale(state.user.locale).catch(() => {});
}

/** Renews the token once at a time; failures are ignored (docs/product.md "Session": renewal errors are silent). */
export function renewToken(): Promise<void> {
  if (!renewing) {
    renewing = renewRequest(state.token)
      .then((fresh) => setToken(fresh))
      .catch(() => {})
      .finally(() => {
        renewing = null;
      });
  }
  return renewing;
}

/**
 * Start-up: wires the API client, restores a stored token (dropping a malformed or expired one), then
 * renews it. In no-auth mode without a usable token it asks the server for one (the server acts as user 1).
 */
export async function initAuth(): Promise<void> {
  configureClient({
    getToken: () => state.token,
    onRenewRequested: () => void renewToken(),
    onUnauthorized: () => {
      if (state.token && !config.noAuth) logout(true);
    },
  });
  const stored = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (stored) {
    try {
      setToken(stored);
    } catch {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
    }
  }
  if (state.token) await renewToken();
  if (config.noAuth && !state.token) await noAuthLogin();
}

async function noAuthLogin(): Promise<void> {
  try {
    await login({ username: "", password: "" });
  } catch {
    await renewToken();
  }
}
