/**
 * @module The signed-in user's own profile calls: language, listing order, view mode, hidden files and theme
 * (docs/product.md "User calls").
 */
import { apiFetch } from "./client";
import type { AccountFields, Sorting } from "../../shared/wire/user";

/** The profile fields the files view and the profile page save. */
export type ProfileFields = Pick<
  AccountFields,
  "locale" | "sorting" | "viewMode" | "showHidden" | "singleClick" | "theme"
>;

/** Saves one profile field of a user ({what:'user', which:[field], data:{id, field}}). @throws ApiError. */
export async function updateProfile<K extends keyof ProfileFields>(
  id: number,
  field: K,
  value: ProfileFields[K],
): Promise<void> {
  await apiFetch(`/api/users/${id}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ what: "user", which: [field], data: { id, [field]: value } }),
  });
}

/** Saves the user's listing order (docs/product.md "User calls"). @throws ApiError. */
export function updateSorting(id: number, sorting: Sorting): Promise<void> {
  return updateProfile(id, "sorting", sorting);
}
