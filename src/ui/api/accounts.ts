/**
 * @module User accounts calls (docs/product.md "User calls"): list, fetch, create, update, delete, password, 2FA
 * passcode and QR URL.
 */
import { apiFetch, apiJson } from "./client";
import type { Account, AccountFields } from "../../shared/wire/user";

export type { Account, Rule } from "../../shared/wire/user";

/** Account fields the user form does not show: kept from the edited account, or left to the server's defaults. */
type KeptFields = "viewMode" | "singleClick" | "showHidden" | "sorting" | "theme";

/**
 * The body of a create or full update: the account fields plus a password ("" keeps it on update); the fields the
 * form does not show may be left out (a new user then gets the default user settings).
 */
export type AccountData = Omit<AccountFields, "id" | KeptFields> &
  Partial<Pick<AccountFields, KeptFields>> & { id?: number; password: string };

const JSON_HEADERS = { "Content-Type": "application/json" };

/** Lists every account (admin). @throws ApiError. */
export function listAccounts(): Promise<Account[]> {
  return apiJson<Account[]>("/api/users");
}

/** Fetches one account (self or admin). @throws ApiError (403, 404). */
export function getAccount(id: number): Promise<Account> {
  return apiJson<Account>(`/api/users/${id}`);
}

/** Creates an account and returns it. @throws ApiError (409 name taken, 400 short password). */
export function createAccount(data: AccountData): Promise<Account> {
  return apiJson<Account>("/api/users", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ what: "user", which: [], data }),
  });
}

/** Saves the given fields of an account (`["all"]` for every field) and returns it. @throws ApiError. */
export function updateAccount(id: number, which: string[], data: Record<string, unknown>): Promise<Account> {
  return apiJson<Account>(`/api/users/${id}`, {
    method: "PUT",
    headers: JSON_HEADERS,
    body: JSON.stringify({ what: "user", which, data: { ...data, id } }),
  });
}

/** Deletes an account. @throws ApiError (403 for the superadmin or the last admin). */
export async function deleteAccount(id: number): Promise<void> {
  await apiFetch(`/api/users/${id}`, { method: "DELETE" });
}

/**
 * Changes a user's own password (docs/product.md "User calls"), proven by the current one.
 * @throws ApiError (403 locked or a wrong current password, 400 too short or no current password).
 */
export async function changePassword(id: number, password: string, currentPassword: string): Promise<void> {
  await updateAccount(id, ["password"], { password, currentPassword });
}

/**
 * Sends a 2FA passcode: turns OTP on when off, off when on (docs/product.md "Two-factor setup"). @throws ApiError (400
 * wrong code).
 */
export async function submitPasscode(id: number, otpPasscode: string): Promise<void> {
  await updateAccount(id, ["otpPasscode"], { otpPasscode });
}

/** What the QR call does: `show` the key there is (GET), `create` one when there is none, or `regenerate` it (POST). */
export type OtpQrMode = "show" | "create" | "regenerate";

/**
 * The QR image of a user's 2FA key, fetched with the login token in the X-Auth header (never in a URL: the
 * image carries the secret). Only a POST makes or replaces a key. @throws ApiError.
 */
export async function otpQrImage(id: number, mode: OtpQrMode, nonce = 0): Promise<Blob> {
  const query = new URLSearchParams();
  if (mode === "regenerate") query.set("regenerate", "once");
  if (nonce) query.set("_t", String(nonce));
  const res = await apiFetch(`/api/users/otp-qrcode/${id}?${query}`, {
    method: mode === "show" ? "GET" : "POST",
    cache: "no-store",
  });
  return res.blob();
}
