/** @module Server-side limits and fixed values, each with the source it comes from. */

/** Product name used when no branding name is configured (SPEC section 1). */
export const DEFAULT_APP_NAME = "File Browser Enhanced";
/** Token lifetime: 2 hours (CONTRACT "HTTP API"), in seconds. */
export const TOKEN_LIFETIME_S = 2 * 60 * 60;
/** A token this close to expiry (seconds) makes responses carry `X-Renew-Token: true`. */
export const TOKEN_RENEW_WINDOW_S = 60 * 60;
/** Issuer claim of our tokens. */
export const TOKEN_ISSUER = "File Browser Enhanced";
/** Text files under this size (bytes) carry `content` in the resource answer (CONTRACT). */
export const TEXT_CONTENT_MAX_BYTES = 5 * 1024 * 1024;
/** Bytes read from a file head to sniff its type when the extension says nothing (one disk block). */
export const SNIFF_BYTES = 512;
/** Default and maximum thumbnail width in pixels for `?thumb=true&w=` (SPEC section 9 thumbnail width default 256 for listing). */
export const THUMB_DEFAULT_WIDTH = 256;
export const THUMB_MAX_WIDTH = 2048;
/** Minimum length of passwords set through the UI (issue: default 12); the first-run admin from flags is exempt. */
export const MIN_PASSWORD_LENGTH = 12;
/** Length of a generated first-run admin password. */
export const GENERATED_PASSWORD_LENGTH = 16;
/** Prefix of in-progress upload temp files; they are hidden from listings and removed on failure. */
export const UPLOAD_TEMP_PREFIX = ".fbe-upload-";
