/** @module User profile calls: language, listing order, view mode and hidden files (SPEC §7 PUT /api/users/{id}). */
import { apiFetch } from "./client";

/** The profile fields the files view saves. */
export interface ProfileFields {
  locale: string;
  sorting: { by: string; asc: boolean };
  viewMode: "list" | "mosaic";
  showHidden: boolean;
}

/** Saves one profile field of a user ({what:'user', which:[field], data:{id, field}}). @throws ApiError. */
export async function updateProfile<K extends keyof ProfileFields>(id: number, field: K, value: ProfileFields[K]): Promise<void> {
  await apiFetch(`/api/users/${id}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ what: "user", which: [field], data: { id, [field]: value } }),
  });
}

/** Saves the user's interface language. @throws ApiError. */
export function updateLocale(id: number, locale: string): Promise<void> {
  return updateProfile(id, "locale", locale);
}

/** Saves the user's listing order (SPEC §7 Sorting update). @throws ApiError. */
export function updateSorting(id: number, sorting: { by: string; asc: boolean }): Promise<void> {
  return updateProfile(id, "sorting", sorting);
}
