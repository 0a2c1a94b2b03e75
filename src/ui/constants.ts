/**
 * @module Fixed UI values that two features share, each from SPEC section 9 unless noted; a value with one user lives
 * at the top of that module, and a value the server uses too in src/shared/wire.
 */

/** Reload delay after OTP or settings changes (SPEC §9). */
export const RELOAD_DELAY_MS = 500;
/** Widths up to this are the mobile layout (SPEC §9). */
export const MOBILE_MAX_WIDTH = 736;
/** Interface languages (SPEC §1); the first one is the default. */
export const LOCALES = ["en", "ja", "ko", "ru", "zh-cn", "zh-tw"] as const;
export type Locale = (typeof LOCALES)[number];
/** The default locale (SPEC §9). */
export const DEFAULT_LOCALE: Locale = "en";
/** Where a language picked on this device is kept. */
export const LOCALE_STORAGE_KEY = "fbe-locale";
