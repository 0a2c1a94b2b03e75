/** @module Server-side limits and fixed values, each with the source it comes from. */

/** Token lifetime: 2 hours (docs/interfaces.md "Authentication"), in seconds. */
export const TOKEN_LIFETIME_S = 2 * 60 * 60;
/** How often (ms) the session cache asks SQLite whether another process (the CLI) changed the store. */
export const EXTERNAL_CHANGE_POLL_MS = 1000;
/**
 * Media tokens (read-only, one user and path prefix, docs/interfaces.md "Authentication") live at least this long
 * (seconds): long enough to watch a movie. Their expiry is rounded up to a whole MEDIA_TOKEN_BUCKET_S, so the token of
 * a folder stays the same for a while and media URLs keep hitting the browser cache.
 */
export const MEDIA_TOKEN_MIN_LIFETIME_S = 4 * 60 * 60;
export const MEDIA_TOKEN_BUCKET_S = 60 * 60;
/** An expired session row is kept this long (seconds) so its media tokens run out first; then it is purged. */
export const SESSION_PURGE_GRACE_S = MEDIA_TOKEN_MIN_LIFETIME_S + MEDIA_TOKEN_BUCKET_S;
/** Issuer claim of our tokens. */
export const TOKEN_ISSUER = "File Browser Enhanced";
/** Largest thumbnail width in pixels for `?thumb=true&w=` (docs/product.md "Raw files and media URLs"). */
export const THUMB_MAX_WIDTH = 2048;
/** The DRM render node VA-API encodes through (the first GPU's, as in ffmpeg's VAAPI examples). */
export const VAAPI_DEVICE = "/dev/dri/renderD128";
/** Prefix of in-progress upload temp files; they are hidden from listings and removed on failure. */
export const UPLOAD_TEMP_PREFIX = ".fbe-upload-";
/** Folder under the files root that holds user homes when createUserDir is on (the UI proposes the same). */
export { USER_HOMES_DIR } from "../shared/wire/settings";
/** Bytes read from disk per chunk when streaming archives and checksums: big enough for throughput, small for memory. */
export const STREAM_CHUNK_BYTES = 512 * 1024;
/** Close code of a task or command socket whose login session ended (RFC 6455 leaves 4000-4999 to applications). */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/**
 * mediainfo and 7-Zip listing runs for GET ?mediaInfo=yes and ?probe=yes stop after this many ms: both read only
 * headers and answer a healthy file in well under a second, so a run this long is stuck on a broken or hostile file.
 */
export const METADATA_TOOL_TIMEOUT_MS = 30_000;
/** On-demand HLS: AAC stereo bit rate of every quality, bit/s. */
export const HLS_AUDIO_BITRATE = 128_000;
/** tus: the largest body (bytes) of one POST or PATCH; clients send bigger files in several chunks. */
export const TUS_MAX_CHUNK_BYTES = 96 * 1024 * 1024;
/** tus: how often (ms, at most) the expired uploads are swept; shorter expiries sweep at a quarter of the expiry. */
export const TUS_SWEEP_MAX_MS = 60_000;
