/** @module Fixed UI values and limits, each from SPEC section 9 unless noted. */

/** Success popups stay this long (SPEC §9). */
export const SUCCESS_POPUP_MS = 1000;
/** Error popups stay this long (SPEC §9, §8). */
export const ERROR_POPUP_MS = 3000;
/** Title notices stay this long (SPEC §9). */
export const TITLE_NOTICE_MS = 30_000;
/** The start-up loading overlay is removed this long after mount (SPEC §2 Start-up, §9). */
export const LOADING_OVERLAY_MS = 200;
/** Two touches within this window are a double tap (SPEC §9). */
export const DOUBLE_TOUCH_MS = 300;
/** Reload delay after OTP or settings changes (SPEC §9). */
export const RELOAD_DELAY_MS = 500;
/** Listing items shown at a time, and added when scrolled to the bottom (SPEC §9). */
export const PAGE_SIZE = 100;
/** Widths up to this are the mobile layout (SPEC §9). */
export const MOBILE_MAX_WIDTH = 736;
/** The back-to-top button shows after this scroll offset (SPEC §9). */
export const BACK_TO_TOP_OFFSET = 10;
/** Breadcrumbs show only this many trailing path segments (SPEC §2 Files view). */
export const BREADCRUMB_VISIBLE_SEGMENTS = 3;
/** Width requested for listing thumbnails (server THUMB_DEFAULT_WIDTH). */
export const THUMB_WIDTH = 256;
/** Default application name when none is configured (SPEC §1). */
export const DEFAULT_APP_NAME = "File Browser Enhanced";
/** Interface languages (SPEC §1); the first one is the default. */
export const LOCALES = ["en", "ja", "ko", "ru", "zh-cn", "zh-tw"] as const;
export type Locale = (typeof LOCALES)[number];
/** The default locale (SPEC §9). */
export const DEFAULT_LOCALE: Locale = "en";
/** Where the session token is kept (SPEC §4 Session: local storage). */
export const TOKEN_STORAGE_KEY = "jwt";
/** Where a language picked on this device is kept. */
export const LOCALE_STORAGE_KEY = "fbe-locale";
/** Default route after login (SPEC §2 Routes). */
export const DEFAULT_REDIRECT = "/files/";
/** Finished uploads leave the panel after this long when none failed (UI choice; failures stay until dismissed). */
export const UPLOAD_PANEL_LINGER_MS = 4000;
/** On phones, popups sit above the bottom action bar (64 px bar + 16 px gap). */
export const TOAST_MOBILE_OFFSET_PX = 80;
