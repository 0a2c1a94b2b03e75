/** @module User calls of this milestone: saving the profile language and the listing order (SPEC §7). */
import { apiFetch } from "./client";

/** Saves the user's interface language. @throws ApiError. */
export async function updateLocale(id: number, locale: string): Promise<void> {
  await apiFetch(`/api/users/${id}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ what: "user", which: ["locale"], data: { id, locale } }),
  });
}

/** Saves the user's listing order (SPEC §7 Sorting update). @throws ApiError. */
export async function updateSorting(id: number, sorting: { by: string; asc: boolean }): Promise<void> {
  await apiFetch(`/api/users/${id}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ what: "user", which: ["sorting"], data: { id, sorting } }),
  });
}
