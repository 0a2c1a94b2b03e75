/** @module Saving one field of the user's own profile from a settings card: the PUT, a fresh token, a popup. */
import i18next from "i18next";
import { updateProfile, type ProfileFields } from "../api/profile";
import { renewToken } from "./auth";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";

/**
 * Saves `field` of the user's profile, renews the token that carries it and shows 'Settings updated!'; a failure
 * shows its message instead (docs/product.md "Success messages": a failed profile update shows an error notification).
 */
export async function saveProfileField<K extends keyof ProfileFields>(
  userId: number,
  field: K,
  value: ProfileFields[K],
): Promise<void> {
  try {
    await updateProfile(userId, field, value);
    await renewToken();
    notifySuccess(i18next.t("settings.updated"));
  } catch (err) {
    notifyError(errorMessage(err));
  }
}
