/** @module Interface language choice: applied at once, kept on this device and saved to the profile. */
import i18next from "i18next";
import { changeLanguage } from "../i18n";
import { LOCALE_STORAGE_KEY, type Locale } from "../constants";
import { updateLocale } from "../api/users";
import { renewToken } from "./auth";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";

/** The language picked on this device, if any. */
export function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Switches the interface language, remembers it on this device, and saves it to the user's profile
 * (SPEC §8: a failed locale update shows an error notification).
 */
export async function chooseLanguage(userId: number | null, locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await changeLanguage(locale);
  if (userId === null) return;
  try {
    await updateLocale(userId, locale);
    await renewToken();
    notifySuccess(i18next.t("settings.updated"));
  } catch (err) {
    notifyError(errorMessage(err));
  }
}
