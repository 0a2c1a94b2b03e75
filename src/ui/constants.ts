/**
 * @module Fixed UI values that two features share, each from docs/product.md "Limits and defaults" unless noted; a
 * value with one user lives at the top of that module, and a value the server uses too in src/shared/wire.
 */

/** Reload delay after OTP or settings changes (docs/product.md "Timings"). */
export const RELOAD_DELAY_MS = 500;
/** Widths up to this are the mobile layout (docs/product.md "Screen widths"). */
export const MOBILE_MAX_WIDTH = 736;
/** Interface languages (docs/product.md "What the product does"); the first one is the default. */
export const LOCALES = ["en", "ja", "ko", "ru", "zh-cn", "zh-tw"] as const;
export type Locale = (typeof LOCALES)[number];
/** The default locale (docs/product.md "Screen widths"). */
export const DEFAULT_LOCALE: Locale = "en";
/** Where a language picked on this device is kept. */
export const LOCALE_STORAGE_KEY = "fbe-locale";
