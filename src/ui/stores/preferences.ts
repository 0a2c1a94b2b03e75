/** @module Interface language choice: applied at once, kept on this device and saved to the profile. */
import { changeLanguage } from "../i18n";
import { LOCALE_STORAGE_KEY, type Locale } from "../constants";
import { saveProfileField } from "./profile-field";

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
 * (docs/product.md "Success messages": a failed locale update shows an error notification).
 */
export async function chooseLanguage(userId: number | null, locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await changeLanguage(locale);
  if (userId !== null) await saveProfileField(userId, "locale", locale);
}
