/** @module Fixed UI values and limits, each from SPEC section 9 unless noted. */

/** Success popups stay this long (SPEC §9). */
export const SUCCESS_POPUP_MS = 1000;
/** Error popups stay this long (SPEC §9, §8). */
export const ERROR_POPUP_MS = 3000;
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
/** Width of the gallery's thumbnail strip images, CSS px (SPEC §9 slideshow thumbnail width). */
export const SLIDESHOW_THUMB_WIDTH = 100;
/** Gap between the gallery's thumbnails, px (gallery.css `.gallery-thumbs`). */
export const SLIDESHOW_THUMB_GAP_PX = 6;
/** How far pinch or double tap zooms into a gallery image (UI choice). */
export const GALLERY_MAX_ZOOM = 4;
/** Interface languages (SPEC §1); the first one is the default. */
export const LOCALES = ["en", "ja", "ko", "ru", "zh-cn", "zh-tw"] as const;
export type Locale = (typeof LOCALES)[number];
/** The default locale (SPEC §9). */
export const DEFAULT_LOCALE: Locale = "en";
/** Where the session token is kept (SPEC §4 Session: local storage). */
export const TOKEN_STORAGE_KEY = "jwt";
/** Where a language picked on this device is kept. */
export const LOCALE_STORAGE_KEY = "fbe-locale";
/** Where the theme last chosen on this device is kept, so the login page shows it before anyone logs in. */
export const THEME_STORAGE_KEY = "fbe-theme";
/** Default route after login (SPEC §2 Routes). */
export const DEFAULT_REDIRECT = "/files/";
/** Finished uploads leave the panel after this long when none failed (UI choice; failures stay until dismissed). */
export const UPLOAD_PANEL_LINGER_MS = 4000;
/** Upload speeds are averaged over this sliding window, ms (UI choice: smooth, yet follows a change within seconds). */
export const UPLOAD_SPEED_WINDOW_MS = 3000;
/** No speed is shown until the samples span this long, ms (the first progress events are bursty). */
export const UPLOAD_SPEED_MIN_SPAN_MS = 500;
/** While uploading, a speed sample is also taken this often, ms, so a stalled upload shows its speed falling. */
export const UPLOAD_SPEED_TICK_MS = 1000;
/** Files at least this big (bytes) upload resumably through tus in chunks; smaller ones go in one plain POST (UI choice: one request, nothing to resume). */
export const TUS_MIN_BYTES = 1024 * 1024;
/** tus: waits (ms) before each retry after a failed request; a drop longer than all of them waits for the `online` event. */
export const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];
/** Resumable (tus) uploads running at once; plain small uploads run one at a time (UI choice, 2-core servers). */
export const TUS_PARALLEL_UPLOADS = 3;
/** On phones, popups sit above the bottom action bar (64 px bar + 16 px gap). */
export const TOAST_MOBILE_OFFSET_PX = 80;
/** Mosaic cards are at least this wide: the column count is the container width divided by it (SPEC §2 Listing, §9). */
export const MOSAIC_MIN_WIDTH = 300;
/** The mosaic keeps at least this many columns, so a phone shows two cards per row (UI choice). */
export const MOSAIC_MIN_COLUMNS = 2;
/** Gap between mosaic cards, px (listing-views.css `.mosaic .section-items` gap). */
export const MOSAIC_GAP_PX = 12;
/** The next page of the listing is added this close to the bottom (rootMargin): scrolling goes on without a stop. */
export const LISTING_MORE_MARGIN = "0px 0px 50% 0px";
/** Rows rendered beyond each edge of the window in the virtual list view (smooth scrolling, small DOM). */
export const LIST_OVERSCAN_ROWS = 8;
/** Rows of cards rendered beyond each edge of the window in the virtual mosaic. */
export const MOSAIC_OVERSCAN_ROWS = 2;
/** Row height before the first row is measured, px: list rows (theme.css --row-height) and mosaic rows. */
export const LIST_ROW_GUESS_PX = 48;
export const MOSAIC_ROW_GUESS_PX = 220;
/** Listing thumbnails are square-ish boxes this wide in the list view, px (listing.css `.thumb`). */
export const LIST_THUMB_PX = 36;
/**
 * Thumbnail widths the listing asks for: the box width times devicePixelRatio, rounded up to one of these so the
 * server's thumbnail cache is shared between cards and screens (the server accepts up to THUMB_MAX_WIDTH 2048).
 */
export const THUMB_WIDTH_BUCKETS = [128, 256, 384, 512, 768, 1024] as const;
/** The chmod dialog starts with this mode (SPEC §9). */
export const CHMOD_DEFAULT_MODE = "777";
/** A chmod mode has at most this many octal characters (SPEC §5 Chmod). */
export const CHMOD_MAX_LENGTH = 3;
/** Touch-and-hold this long on an item opens its context menu on touch screens (UI choice, as on phones' file apps). */
export const LONG_PRESS_MS = 500;
/** How long a deleted image shows its placeholder before the preview moves on (SPEC §2 Preview). */
export const DELETED_PLACEHOLDER_MS = 800;
/** Events of the command runner card, in the order shown (SPEC §2 Global settings: command runner). */
export const COMMAND_EVENTS = [
  "before_copy", "after_copy", "before_rename", "after_rename", "before_upload", "after_upload",
  "before_delete", "after_delete", "before_save", "after_save",
] as const;
/** Where the branding docs live (SPEC §2 Global settings: a link to the branding docs, a README anchor). */
export const BRANDING_DOCS_URL = "https://github.com/filebrowser/filebrowser/blob/master/README.md#branding";
/** A media token this close to expiry (ms) is fetched anew before it goes into a URL. */
export const MEDIA_TOKEN_REFRESH_MARGIN_MS = 30 * 60 * 1000;
/** How long a checksum's copy button says "Copied" (UI choice, as the SPEC §9 success popups). */
export const COPIED_FEEDBACK_MS = 1000;
/** The share duration units the Share dialog offers, in the order shown (SPEC §5 Share duration). */
export const SHARE_UNIT_CHOICES = ["seconds", "minutes", "hours", "days"] as const;
/** The share duration unit chosen when the Share dialog opens (SPEC §9: default unit hours). */
export const DEFAULT_SHARE_UNIT = "hours";
/** Width the share page asks for its listing thumbnails (one of THUMB_WIDTH_BUCKETS: 48 px boxes at up to 2x). */
export const SHARE_THUMB_WIDTH = 128;
/** sessionStorage key prefix of a password link's share token, per hash (kept for the tab, gone when it closes). */
export const SHARE_TOKEN_STORAGE_PREFIX = "fbe-share-token:";
/** The shell overlay keeps this many output lines and drops the oldest (a browser cannot hold a `yes` for long). */
export const SHELL_MAX_LINES = 1000;
/** Command lines the shell overlay remembers for up/down, newest last (a session's worth, kept in memory only). */
export const SHELL_HISTORY_SIZE = 50;
/** The task connection is tried again this long after it closes (SPEC §4 Task connection, §9: every 10 s). */
export const TASK_RECONNECT_MS = 10_000;
/** The task panel shows its totals table when it lists more tasks than this (SPEC §2 Task panel). */
export const TASK_TOTALS_ABOVE = 6;
/** Where the unarchive dialog remembers the last password (SPEC §2 Unarchive: one fixed local storage key). */
export const UNARCHIVE_PASSWORD_STORAGE_KEY = "fbe-unarchive-password";
/** File info shows bit rates divided by this and with 2 decimals as kb/s (SPEC §2 Overlay dialogs: File info). */
export const BIT_RATE_DIVISOR = 1024;
/** H.264 encoders of ffmpeg that run on the CPU; any other encoder the server picked is a hardware one (SPEC §2 About). */
export const SOFTWARE_H264_ENCODERS: readonly string[] = ["libx264", "libx264rgb", "libopenh264"];
/** The archive preview table renders this many rows, then this many more per 'Show more' (UI choice: a 1000-row DOM stays fast on phones). */
export const ARCHIVE_ROWS_STEP = 1000;
/** Audio codecs every browser plays (SPEC §2 Preview, audio codec playability). */
export const AUDIO_CODECS_ALWAYS = ["mp3", "opus", "vorbis", "aac", "flac"] as const;
/** Audio codecs only the Edge browser plays (SPEC §2 Preview, audio codec playability). */
export const AUDIO_CODECS_EDGE_ONLY = ["ac3", "eac3", "dts", "dolby_e"] as const;
/** Video codecs every browser plays (SPEC §2 Preview, video codec playability; av1 too in every current browser). */
export const VIDEO_CODECS_ALWAYS = ["h264", "vp8", "vp9", "theora", "av1"] as const;
/** Video codecs only Edge, Safari and Chrome on iOS play (SPEC §2 Preview, video codec playability). */
export const VIDEO_CODECS_HEVC = ["hevc", "h265"] as const;
/** The volume keys change the video's volume by this much, within 0..1 (SPEC §9: video volume step 0.1). */
export const VIDEO_VOLUME_STEP = 0.1;
/** Height of one row of the audio player's playlist, px (SPEC §9: audio list item height 32 px). */
export const AUDIO_LIST_ITEM_HEIGHT_PX = 32;
/** Search results shown first and added per step (SPEC §9 Search results 50 per page). */
export const SEARCH_PAGE_SIZE = 50;
/** Distance from the bottom of the results, in px, at which the next step shows (SPEC §9). */
export const SEARCH_GROW_AT_PX = 100;
/** Delay in ms before the suggestions hide once focus leaves the input (SPEC §9). */
export const SUGGESTIONS_HIDE_MS = 300;
/** Bounds and default of the search stats slider (SPEC §9 Stats slider 3 to 10). */
export const STATS_KEYWORDS_MIN = 3;
export const STATS_KEYWORDS_MAX = 10;
/** Height of the search stats chart in px (SPEC §9 Chart height 500). */
export const STATS_CHART_HEIGHT_PX = 500;
/** The type filters offered as chips in the search panel (SPEC §5 Search type: filter, the common ones). */
export const SEARCH_TYPE_CHIPS = ["video", "audio", "image", "pdf", "text", "archive", "dir"] as const;
/** Slice colours of the search stats chart: mid-tone hues readable on the light and the dark theme. */
export const STATS_CHART_COLORS = ["#4d8dff", "#f2555a", "#f0b44c", "#34c38f", "#a78bfa", "#f472b6", "#22b8cf", "#fb923c", "#94a3b8", "#84cc16"] as const;
/** How often the Indexed Search fieldset asks the index status again while a walk runs (UI choice, issue 13). */
export const INDEX_STATUS_POLL_MS = 2000;
/** Sessions lists: how much of a User-Agent no browser name was found in is shown instead (characters). */
export const SESSION_AGENT_CHARS = 40;
