/** @module Keeps the interface in step with the logged-in user's own account after it changed. */
import i18next from "i18next";
import { changeLanguage } from "../i18n";
import { normalizeLocale } from "../i18n/detect-language";
import { LOCALE_STORAGE_KEY } from "../constants";

/** Switches the interface to the account's saved language (when it names a known one) and remembers it here. */
export async function applyOwnLocale(locale: string): Promise<void> {
  const next = normalizeLocale(locale);
  if (!next) return;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, next);
  } catch {
    // Private mode: the language still changes for this page.
  }
  if (i18next.language !== next) await changeLanguage(next);
}
