/** @module Server-side limits and fixed values, each with the source it comes from. */

/** Token lifetime: 2 hours (CONTRACT "HTTP API"), in seconds. */
export const TOKEN_LIFETIME_S = 2 * 60 * 60;
/** Random bytes of a session id (128 bits, from the system CSPRNG). */
export const SESSION_ID_BYTES = 16;
/** How many verified tokens (strings) are remembered so repeated requests skip the HMAC check. */
export const VERIFIED_TOKEN_CACHE_SIZE = 4096;
/** How often (ms) the session cache asks SQLite whether another process (the CLI) changed the store. */
export const EXTERNAL_CHANGE_POLL_MS = 1000;
/**
 * Media tokens (read-only, one user and path prefix, CONTRACT "HTTP API") live at least this long (seconds):
 * long enough to watch a movie. Their expiry is rounded up to a whole MEDIA_TOKEN_BUCKET_S, so the token of a
 * folder stays the same for a while and media URLs keep hitting the browser cache.
 */
export const MEDIA_TOKEN_MIN_LIFETIME_S = 4 * 60 * 60;
export const MEDIA_TOKEN_BUCKET_S = 60 * 60;
/** An expired session row is kept this long (seconds) so its media tokens run out first; then it is purged. */
export const SESSION_PURGE_GRACE_S = MEDIA_TOKEN_MIN_LIFETIME_S + MEDIA_TOKEN_BUCKET_S;
/** A token this close to expiry (seconds) makes responses carry `X-Renew-Token: true`. */
export const TOKEN_RENEW_WINDOW_S = 60 * 60;
/** Issuer claim of our tokens. */
export const TOKEN_ISSUER = "File Browser Enhanced";
/** Bytes read from a file head to sniff its type when the extension says nothing (one disk block). */
export const SNIFF_BYTES = 512;
/** Default and maximum thumbnail width in pixels for `?thumb=true&w=` (SPEC section 9 thumbnail width default 256 for listing). */
export const THUMB_DEFAULT_WIDTH = 256;
export const THUMB_MAX_WIDTH = 2048;
/** Image fix: bytes read from a JPEG's head to find its EXIF orientation (APP1 holds at most 64 KiB and comes first). */
export const AUTO_ORIENT_HEAD_BYTES = 128 * 1024;
/** Image fix: JPEG quality of a re-encode when jpegtran cannot turn the picture losslessly (95: no visible loss). */
export const AUTO_ORIENT_JPEG_QUALITY = 95;
/** Video posters: a probe plus one frame grab is given up on after this many ms (a broken or remote-mounted file). */
export const POSTER_TIMEOUT_MS = 30_000;
/** Video posters: how many file versions that gave no poster are remembered (a cache path each, about 200 bytes). */
export const POSTER_FAILURES_KEPT = 4096;
/** Subtitles as WebVTT and video frames: one ffprobe or ffmpeg run is given up on after this many ms. */
export const MEDIA_TOOL_TIMEOUT_MS = 60_000;
/** Sidecar subtitle files larger than this (bytes) are refused: real ones are well under 1 MiB. */
export const SUBTITLE_MAX_BYTES = 10 * 1024 * 1024;
/** `/api/frame?t=&w=`: the still's width in px when `w` is absent (a seek-bar preview); the largest is THUMB_MAX_WIDTH. */
export const FRAME_DEFAULT_WIDTH = 320;
/** Seek thumbnails (`/api/frame?thumbnails=vtt`): at most this many tiles over the whole video, one every SECONDS at least. */
export const SEEK_THUMBNAILS_MAX_TILES = 100;
export const SEEK_THUMBNAILS_MIN_INTERVAL_S = 2;
/** Seek thumbnails: width of one tile in px (height by the aspect ratio), and tiles per row and per sprite sheet. */
export const SPRITE_TILE_WIDTH = 160;
export const SPRITE_COLUMNS = 5;
export const SPRITE_TILES_PER_SHEET = 25;
/** `/api/frame?t=` past the last frame's start: seconds before the end decoded to find the last frame (several frames). */
export const LAST_FRAME_TAIL_S = 1;
/** ffprobe summaries of videos kept in memory for the WebVTT and frame URLs (a player asks about one video at a time). */
export const MEDIA_PROBES_REMEMBERED = 32;
/** ffmpeg runs of the WebVTT and frame URLs at the same time (stills, sprites, subtitles); more wait (2-core machines). */
export const MEDIA_FFMPEG_CONCURRENCY = 2;
/** About's encoder probe: each ffmpeg run (the encoder list, one test frame) is given up on after this many ms. */
export const ENCODER_TEST_TIMEOUT_MS = 10_000;
/** A page render waits at most this long (ms) for the encoder probe; About then says "probing" until a reload. */
export const ENCODER_PAGE_WAIT_MS = 1_000;
/** The DRM render node VA-API encodes through (the first GPU's, as in ffmpeg's VAAPI examples). */
export const VAAPI_DEVICE = "/dev/dri/renderD128";
/** Length of a generated first-run admin password. */
export const GENERATED_PASSWORD_LENGTH = 16;
/** Prefix of in-progress upload temp files; they are hidden from listings and removed on failure. */
export const UPLOAD_TEMP_PREFIX = ".fbe-upload-";
/**
 * A temp file (UPLOAD_TEMP_PREFIX) no request or task of this server holds is swept once it is older than this (ms,
 * by mtime; FBE_TEMP_MAX_AGE_MS overrides), or at once when it was last written before the server started.
 */
export const TEMP_MAX_AGE_MS = 60 * 60 * 1000;
/** How long the login waits for the captcha verifier before treating the captcha as failed. */
export const CAPTCHA_VERIFY_TIMEOUT_MS = 10_000;
/** TOTP passcodes have 6 digits (SPEC section 9); one 30 s step of clock drift is accepted either way. */
export const OTP_DIGITS = 6;
export const OTP_WINDOW = 1;
/** Folder under the files root that holds user homes when createUserDir is on (the UI proposes the same). */
export { USER_HOMES_DIR } from "../shared/wire/settings";
/** Bytes read from disk per chunk when streaming archives and checksums: big enough for throughput, small for memory. */
export const STREAM_CHUNK_BYTES = 512 * 1024;
/** Folder usage (GET ?usage=true): directories read at once, so a big tree never holds more open handles than this. */
export const USAGE_DIR_CONCURRENCY = 4;
/**
 * Password hashes and checks run at once (auth/password.ts): each holds argon2id's 64 MiB (Bun's default memory
 * cost, measured: +65 MiB RSS per check) for about 150 ms, so 4 cap a burst of logins at 256 MiB.
 */
export const PASSWORD_CHECKS_AT_ONCE = 4;
/** Folder usage: entries stat'ed together per batch, between which the walk checks whether the client went away. */
export const USAGE_STAT_BATCH = 64;
/** Cache-Control of the UI's hashed assets: their names change with their content, so a year and immutable. */
export const STATIC_ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * On-the-fly compression of the rendered index.html (1.5 KB): brotli quality 5 gives 744 B in 0.2 ms where
 * quality 11 gives 657 B in 4 ms; gzip level 6 gives 856 B in 0.1 ms (measured with node:zlib under Bun 1.4.5).
 */
export const HTML_BROTLI_QUALITY = 5;
export const HTML_GZIP_LEVEL = 6;
/** Random bytes of a share hash: 128 bits (the issue asks at least 96) from the system CSPRNG, base64url. */
export const SHARE_HASH_BYTES = 16;
/** Lifetime (seconds) of the token a visitor gets for a password link: an hour of browsing and downloads. */
export const SHARE_TOKEN_LIFETIME_S = 60 * 60;
/** How often (ms) expired share links and ended sessions are purged from the store. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** Background tasks: at most this many progress pushes per second per task (the issue: "a few pushes a second"). */
export const TASK_REPORT_INTERVAL_MS = 250;
/** Background tasks: how often (ms) a node looks for pending rows (also those queued by other nodes) and beats. */
export const TASK_POLL_INTERVAL_MS = 1000;
/** Background tasks: a doing row whose heartbeat is older than this (s) belongs to a dead node and is failed. */
export const TASK_STALE_AFTER_S = 30;
/** Background tasks: on shutdown, how long (ms) running tasks get to end after their abort before the exit. */
export const TASK_SHUTDOWN_WAIT_MS = 10_000;
/**
 * Task and command connections: how often (ms) an open socket re-checks that its login session is still live.
 * Ends written by this server (logout, user edit or deletion) are seen at once; the timer catches expiry and
 * ends written by another process (`fbe users`), which the store notices at most every EXTERNAL_CHANGE_POLL_MS.
 */
export const SOCKET_SESSION_CHECK_MS = 15_000;
/** Close code of a task or command socket whose login session ended (RFC 6455 leaves 4000-4999 to applications). */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** The message of a task that was running when its server stopped without ending it (the issue's wording). */
export const TASK_INTERRUPTED_MESSAGE = "interrupted by restart";
/**
 * Command runner (`/api/command`): a command is killed, with its whole process group, after 10 minutes. Long
 * enough for the work people do from a browser shell (a `du` of a big tree, an `rsync` of a folder, a
 * `git pull`), short enough that a forgotten `tail -f` or a hung tool does not hold a process forever; longer
 * jobs belong to the background tasks.
 */
export const COMMAND_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * Event hooks: each hook line is killed after 60 s. A before-hook holds the upload, save, rename, copy or delete
 * request while it runs, so it must stay short; a minute still covers a virus scan of a large upload.
 */
export const HOOK_TIMEOUT_MS = 60 * 1000;
/**
 * Command runner: when the browser reads output slower than the command writes it and this many bytes wait in
 * the socket, the command is stopped (`yes` would otherwise fill the server's memory). 4 MiB is about 50,000
 * lines of text, far more than a person reads.
 */
export const COMMAND_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * ffprobe and mediainfo runs for GET ?probe=yes and ?mediaInfo=yes stop after this many ms: both read only headers
 * and answer a healthy file in well under a second, so a run this long is stuck on a broken or hostile file.
 */
export const METADATA_TOOL_TIMEOUT_MS = 30_000;
/** A .torrent larger than this (bytes) is not read for GET ?probe=yes: real ones, even of huge sets, stay far below. */
export const TORRENT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * A torrent `creation date` above this is taken as milliseconds and divided by 1000 (BEP 3 says seconds; some
 * WebTorrent-made torrents hold milliseconds, e.g. webtorrent-fixtures' numbers.torrent: 1449730287842, 2015-12-10).
 * 1e11 seconds is the year 5138, while every millisecond time since 1973 is larger.
 */
export const TORRENT_MS_DATE_ABOVE = 100_000_000_000;
/**
 * On-demand HLS (issue 12): an encoder nobody asked a segment of for this long (ms) is stopped. 30 s covers a
 * paused player's buffer refills (hls.js asks every segment length while playing) without keeping ffmpeg busy for
 * a closed tab. Tests shorten it with FBE_HLS_IDLE_MS (read once at boot, hls/hls-options.ts).
 */
export const HLS_ENCODER_IDLE_MS = 30_000;
/**
 * On-demand HLS: most encoders (one ffmpeg each) running at once. One libx264 720p encode at `veryfast` keeps about
 * one core busy, so the bound is the machine's parallelism (os.availableParallelism), capped at this many.
 */
export const HLS_MAX_ENCODERS_CAP = 4;
/**
 * On-demand HLS: a request for a segment at most this many segments past the last one a running encoder finished
 * waits for that encoder; further ahead (or behind where it started) starts a new encoder there, so a seek is served
 * in about one segment's encoding time instead of encoding everything in between.
 */
export const HLS_ENCODER_LOOKAHEAD_SEGMENTS = 3;
/**
 * On-demand HLS: every encoder's output times are the source's plus this many seconds. Without it the run that starts
 * at 0 shifts its first B-frame-delayed frames (negative DTS) while runs started later do not, and their segments
 * would not line up (measured: 80 ms at 25 fps); any constant above the encoder delay works.
 */
export const HLS_TS_OFFSET_S = 10;
/** On-demand HLS: the x264 preset (the issue: `-preset veryfast`: real-time 1080p on one core, small enough files). */
export const HLS_X264_PRESET = "veryfast";
/** On-demand HLS: AAC stereo bit rate of every quality, bit/s. */
export const HLS_AUDIO_BITRATE = 128_000;
/** On-demand HLS: probed durations and sizes remembered (by path, size and mtime) so segment requests skip ffprobe. */
export const HLS_PROBE_CACHE_SIZE = 256;
/** On-demand HLS: an encoder that has not finished a requested segment after this long (ms) fails the request. */
export const HLS_SEGMENT_WAIT_MS = 120_000;
/** Search (issue 13): most hits one answer streams when the request gives no `limit` (the UI shows 50, growing by 50). */
export const SEARCH_MAX_RESULTS = 10_000;
/** Search: hits read from the index for the first page while the answer streams (each next page doubles). */
export const SEARCH_STREAM_PAGE = 500;
/** Search fallback while the index is building: the live walk stops after this many entries... */
export const LIVE_SEARCH_MAX_ENTRIES = 200_000;
/** ...or after this long (ms), and the answer says so (`X-Search-Index: building` / `partial`). */
export const LIVE_SEARCH_MAX_MS = 3_000;
/** Hot keywords: the upper bound of `num` of GET /api/hot-search (its default is HOT_KEYWORDS_DEFAULT of the wire). */
export const HOT_KEYWORDS_MAX = 100;
/** Hot keywords: a record call (SPEC section 7) this soon (ms) after the same user's search of it is not counted again. */
export const HOT_KEYWORD_FOLLOW_MS = 30_000;
/** tus resumable uploads (tus.io protocol 1.0): the one protocol version spoken and the extensions offered. */
export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,creation-with-upload,termination,expiration";
/** tus: the largest body (bytes) of one POST or PATCH; clients send bigger files in several chunks. */
export const TUS_MAX_CHUNK_BYTES = 96 * 1024 * 1024;
/** tus: an incomplete upload untouched this long (ms) expires and its temp file is removed (FBE_TUS_EXPIRY_MS overrides). */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** tus: how often (ms, at most) the expired uploads are swept; shorter expiries sweep at a quarter of the expiry. */
export const TUS_SWEEP_MAX_MS = 60_000;
/** tus: the file in the cache folder that remembers incomplete uploads across restarts. */
export const TUS_JOURNAL_FILE = "tus-uploads.json";
/** Rate limits (auth/rate-limit.ts): past this many keys in memory, keys whose window is over are dropped. */
export const RATE_LIMIT_SWEEP_KEYS = 10_000;
/** Share download speed (http/throttle-stream.ts): pieces per second of a throttled download, and their least size. */
export const THROTTLE_PIECES_PER_SECOND = 10;
export const THROTTLE_MIN_PIECE_BYTES = 512;
/** Sessions (auth/session-list.ts): a session's last use is written at most once per this many seconds. */
export const SESSION_TOUCH_S = 60;
/** Sessions: the longest User-Agent kept with a session (characters). */
export const SESSION_USER_AGENT_MAX = 512;
/** Share download speed: past this many links with a pacer in memory, the idle ones are dropped. */
export const PACER_SWEEP_LINKS = 1_000;
