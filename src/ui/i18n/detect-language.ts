/** @module The language rule of docs/product.md "What the product does" as a pure function. */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../constants";

/** Normalises a stored or user locale ("zh-CN", "zh_tw", "ja") to a supported one, or null. */
export function normalizeLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const v = value.toLowerCase().replace("_", "-");
  return (LOCALES as readonly string[]).includes(v) ? (v as Locale) : null;
}

/**
 * The interface language: the user's chosen locale when it is supported, otherwise the browser
 * language, where any zh variant gives Simplified Chinese and anything else English (docs/product.md "What the product
 * does").
 */
export function detectLanguage(chosen: string | null | undefined, browserLanguage: string | null | undefined): Locale {
  const picked = normalizeLocale(chosen);
  if (picked) return picked;
  if ((browserLanguage ?? "").toLowerCase().startsWith("zh")) return "zh-cn";
  return DEFAULT_LOCALE;
}
