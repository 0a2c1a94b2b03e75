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
/** Mosaic cards are at least this wide: the column count is the container width divided by it (SPEC §2 Listing, §9). */
export const MOSAIC_MIN_WIDTH = 300;
/** Archive formats of the download picker, in the order shown (SPEC §2 Overlay dialogs: Download). */
export const ARCHIVE_FORMATS = ["zip", "tar", "tar.gz", "tar.bz2", "tar.xz", "tar.lz4", "tar.sz"] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];
/** On-demand checksums of the info dialog (SPEC §2 Overlay dialogs: File info). */
export const CHECKSUM_ALGORITHMS = ["md5", "sha1", "sha256", "sha512"] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];
/** The chmod dialog starts with this mode (SPEC §9). */
export const CHMOD_DEFAULT_MODE = "777";
/** A chmod mode has at most this many octal characters (SPEC §5 Chmod). */
export const CHMOD_MAX_LENGTH = 3;
/** Touch-and-hold this long on an item opens its context menu on touch screens (UI choice, as on phones' file apps). */
export const LONG_PRESS_MS = 500;
/** How long a deleted image shows its placeholder before the preview moves on (SPEC §2 Preview). */
export const DELETED_PLACEHOLDER_MS = 800;
/** Photo-gallery transition effects of the global settings select (SPEC §2 Global settings: Slideshow; server TRANSITION_EFFECTS). */
export const TRANSITION_EFFECTS = [
  "lg-slide", "lg-fade", "lg-zoom-in", "lg-zoom-in-big", "lg-zoom-out", "lg-zoom-out-big", "lg-zoom-out-in",
  "lg-zoom-in-out", "lg-soft-zoom", "lg-scale-up", "lg-slide-circular", "lg-slide-circular-vertical",
  "lg-slide-vertical", "lg-slide-vertical-growth", "lg-slide-skew-only", "lg-slide-skew-only-rev",
  "lg-slide-skew-only-y", "lg-slide-skew-only-y-rev", "lg-slide-skew", "lg-slide-skew-rev", "lg-slide-skew-cross",
  "lg-slide-skew-cross-rev", "lg-slide-skew-ver", "lg-slide-skew-ver-rev", "lg-slide-skew-ver-cross",
  "lg-slide-skew-ver-cross-rev", "lg-lollipop", "lg-lollipop-rev", "lg-rotate", "lg-rotate-rev", "lg-tube",
] as const;
/** Video quality list after "normal" (0): HLS resolution and Mbps, numbered 1 to 18 (SPEC §9, §5). */
export const VIDEO_HLS_QUALITIES: ReadonlyArray<readonly [string, readonly number[]]> = [
  ["1080p", [60, 50, 40, 30, 25, 20, 15, 10, 8, 6, 5, 4]],
  ["720p", [4, 3, 2, 1.5, 1]],
  ["480p", [1]],
];
/** Events of the command runner card, in the order shown (SPEC §2 Global settings: command runner). */
export const COMMAND_EVENTS = [
  "before_copy", "after_copy", "before_rename", "after_rename", "before_upload", "after_upload",
  "before_delete", "after_delete", "before_save", "after_save",
] as const;
/** Where the branding docs live (SPEC §2 Global settings: a link to the branding docs, a README anchor). */
export const BRANDING_DOCS_URL = "https://github.com/filebrowser/filebrowser/blob/master/README.md#branding";
/** The editor's save precondition: the `modified` the file had when opened; 412 when it changed (server IF_MODIFIED_AT_HEADER). */
export const IF_MODIFIED_AT_HEADER = "X-If-Modified-At";
/** A saved file's new `modified`, answered by the save (server MODIFIED_AT_HEADER). */
export const MODIFIED_AT_HEADER = "X-Modified-At";
/** How long a checksum's copy button says "Copied" (UI choice, as the SPEC §9 success popups). */
export const COPIED_FEEDBACK_MS = 1000;
