/**
 * @module The one table of server settings: the flags (docs/interfaces.md "Server flags": names, FB_ env variables,
 * defaults, parsers and help) and the FBE_ variables for operators and tests, which are read from the environment only.
 */
import { TUS_MAX_CHUNK_BYTES } from "../constants";
import { DEFAULT_UMASK, parseUmask } from "./umask";
import { TUS_CHUNK_BYTES } from "../../shared/wire/upload";

/** tus: an incomplete upload untouched this long (ms) expires and its temp file is removed. */
const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/**
 * A temp file (UPLOAD_TEMP_PREFIX) no request or task of this server holds is swept once it is older than this (ms,
 * by mtime), or at once when it was last written before the server started.
 */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;
/**
 * On-demand HLS: an encoder nobody asked a segment of for this long (ms) is stopped. 30 s covers a paused player's
 * buffer refills (hls.js asks every segment length while playing) without keeping ffmpeg busy for a closed tab.
 */
export const HLS_ENCODER_IDLE_MS = 30_000;
/**
 * argon2id memory cost (KiB) of password hashes: Bun's default, 64 MiB, the second choice of RFC 9106 section 4
 * ("if much less memory is available"). Each hash or check holds it for about 130 ms of one core.
 */
export const PASSWORD_MEMORY_KIB = 64 * 1024;

/** Resolved server configuration, frozen after boot and passed down; nothing reads process.env afterwards. */
export interface Config {
  address: string;
  port: number;
  root: string;
  database: string;
  baseurl: string;
  cacheDir: string;
  username: string;
  password: string;
  noauth: boolean;
  signup: boolean;
  /** Comma-separated host names answered (others 421); "" = loopback names on a loopback address, else any. */
  allowedHosts: string;
  log: string;
  /** File mode creation mask (FBE_UMASK); main applies it before anything else runs. */
  umask: number;
  /** An incomplete tus upload untouched this long (ms) expires (FBE_TUS_EXPIRY_MS). */
  tusExpiryMs: number;
  /** The tus chunk size the UI is told (bytes, at most TUS_MAX_CHUNK_BYTES; FBE_TUS_CHUNK_BYTES). */
  tusChunkBytes: number;
  /** A temp file nobody holds is swept once older than this (ms, by mtime; FBE_TEMP_MAX_AGE_MS). */
  tempMaxAgeMs: number;
  /** Folder watches of the file index at most; Infinity: the kernel's limit alone (FBE_INDEX_WATCH_MAX). */
  indexWatchMax: number;
  /** Memory of the listing cache (MiB; FBE_LISTING_CACHE_MB). */
  listingCacheMb: number;
  /** Folders kept in the listing cache (FBE_LISTING_CACHE_FOLDERS). */
  listingCacheFolders: number;
  /** Folder worker threads at most, 1 to 8 (FBE_LISTING_THREADS). */
  listingThreads: number;
  /** Idle time (ms) after which a folder thread ends and the listing cache empties (FBE_LISTING_IDLE_MS). */
  listingIdleMs: number;
  /** False: every folder is read on the main thread (FBE_LISTING_WORKER=0). */
  listingWorker: boolean;
  /** False: libc is never called through bun:ffi (FBE_LISTING_FFI=0). */
  listingFfi: boolean;
  /** Transfer threads, 0 to 16, or "auto" for one less than the cores (FBE_TRANSFER_THREADS). */
  transferThreads: number | "auto";
  /** A transfer thread without a request this long (ms) stops (FBE_TRANSFER_IDLE_MS). */
  transferIdleMs: number;
  /** An HLS encoder nobody asks a segment of this long (ms) is stopped (FBE_HLS_IDLE_MS). */
  hlsIdleMs: number;
  /** True: HLS answers carry the encoder counts in X-Hls-Encoders (FBE_HLS_DEBUG=1). */
  hlsDebug: boolean;
  /** argon2id memory cost (KiB) of new password hashes (FBE_PASSWORD_MEMORY_KIB). */
  passwordMemoryKib: number;
  /** The user's cache folder (XDG_CACHE_HOME; "" when unset), where the binary writes out its libvips. */
  xdgCacheHome: string;
}

/** A flag row. `key` is the Config field; `long` the `--long` name, also the config-file key. */
export interface CliFlagSpec {
  key: keyof Config;
  long: string;
  short?: string;
  kind: "string" | "number" | "boolean";
  default: string | number | boolean;
  help: string;
}

/**
 * A row read from its environment variable alone (`env`, FBE_* for operators and tests, or a variable of the
 * system): neither a flag nor a config-file key. `parse` gets the raw value when set and not empty, and returns
 * undefined for the default.
 */
export interface EnvFlagSpec {
  key: keyof Config;
  env: string;
  default: Config[keyof Config];
  parse: (raw: string) => Config[keyof Config] | undefined;
  help: string;
}

/** One row of the table. */
export type FlagSpec = CliFlagSpec | EnvFlagSpec;

/** True for a row given on the command line and in the config file (not one read from the environment alone). */
export function isCliFlag(flag: FlagSpec): flag is CliFlagSpec {
  return "long" in flag;
}

/**
 * Environment variable of a row: `FB_` + upper-case long name with `-` as `_` for a flag (docs/interfaces.md "Server
 * flags": `FB_PORT`), the row's own variable otherwise.
 */
export function envName(flag: FlagSpec): string {
  return isCliFlag(flag) ? `FB_${flag.long.toUpperCase().replace(/-/g, "_")}` : flag.env;
}

/** A whole number above 0, at most `max`; undefined otherwise. */
const wholeAbove0 =
  (max = Number.MAX_SAFE_INTEGER) =>
  (raw: string) => {
    const n = Number(raw);
    return Number.isSafeInteger(n) && n > 0 ? Math.min(n, max) : undefined;
  };

/** An integer from `min` to `max`; undefined otherwise. */
const intIn = (min: number, max: number) => (raw: string) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** A finite number of 0 or more. */
const finiteNonNegative = (raw: string) => {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export const FLAGS: readonly FlagSpec[] = [
  { key: "address", long: "address", short: "a", kind: "string", default: "127.0.0.1", help: "listen address" },
  { key: "port", long: "port", short: "p", kind: "number", default: 8080, help: "listen port; 0 picks a free port" },
  {
    key: "root",
    long: "root",
    short: "r",
    kind: "string",
    default: ".",
    help: "the files root; every user scope lives inside it",
  },
  {
    key: "database",
    long: "database",
    short: "d",
    kind: "string",
    default: "./filebrowser.db",
    help: "SQLite file (created on first run)",
  },
  { key: "baseurl", long: "baseurl", short: "b", kind: "string", default: "", help: "base path, e.g. /files-app" },
  {
    key: "cacheDir",
    long: "cache-dir",
    short: "c",
    kind: "string",
    default: "",
    help: "thumbnails, HLS segments, extracted subtitles (default <database dir>/.cache)",
  },
  {
    key: "username",
    long: "username",
    kind: "string",
    default: "admin",
    help: "name of the admin created on first run only",
  },
  {
    key: "password",
    long: "password",
    kind: "string",
    default: "",
    help: "password of that first admin; random and printed once when not given",
  },
  {
    key: "noauth",
    long: "noauth",
    kind: "boolean",
    default: false,
    help: "no-authentication mode: every request acts as user id 1",
  },
  { key: "signup", long: "signup", kind: "boolean", default: false, help: "allow open signup (also a global setting)" },
  {
    key: "allowedHosts",
    long: "allowed-hosts",
    kind: "string",
    default: "",
    help: "host names answered, comma-separated; others get 421 (default: the loopback names on a loopback address, else any; * = any)",
  },
  { key: "log", long: "log", kind: "string", default: "stdout", help: "stdout, stderr, off or a file path" },
  {
    key: "umask",
    env: "FBE_UMASK",
    default: DEFAULT_UMASK,
    parse: parseUmask,
    help: "file mode creation mask (octal: 027 gives files 0640, folders 0750)",
  },
  {
    key: "tusExpiryMs",
    env: "FBE_TUS_EXPIRY_MS",
    default: TUS_EXPIRY_MS,
    parse: wholeAbove0(),
    help: "how long (ms) an unfinished resumable upload is kept",
  },
  {
    key: "tusChunkBytes",
    env: "FBE_TUS_CHUNK_BYTES",
    default: TUS_CHUNK_BYTES,
    parse: wholeAbove0(TUS_MAX_CHUNK_BYTES),
    help: "chunk size (bytes) of resumable uploads, below a proxy's body limit",
  },
  {
    key: "tempMaxAgeMs",
    env: "FBE_TEMP_MAX_AGE_MS",
    default: TEMP_MAX_AGE_MS,
    parse: wholeAbove0(),
    help: "how long (ms) a temp file nobody holds is kept before it is swept",
  },
  {
    key: "indexWatchMax",
    env: "FBE_INDEX_WATCH_MAX",
    default: Infinity,
    parse: (raw) => (/^\d+$/.test(raw) ? Number(raw) : undefined),
    help: "folders the file index watches at most (0: none)",
  },
  {
    key: "listingCacheMb",
    env: "FBE_LISTING_CACHE_MB",
    default: 64,
    parse: finiteNonNegative,
    help: "memory (MiB) of the listing cache",
  },
  {
    key: "listingCacheFolders",
    env: "FBE_LISTING_CACHE_FOLDERS",
    default: 512,
    parse: finiteNonNegative,
    help: "folders kept in the listing cache",
  },
  {
    key: "listingThreads",
    env: "FBE_LISTING_THREADS",
    default: 2,
    parse: (raw) => (Number(raw) ? Math.max(1, Math.min(8, Number(raw))) : undefined),
    help: "folder worker threads at most (1 to 8)",
  },
  {
    key: "listingIdleMs",
    env: "FBE_LISTING_IDLE_MS",
    default: 30_000,
    parse: (raw) => (Number(raw) ? Math.max(100, Number(raw)) : undefined),
    help: "idle time (ms) before a folder thread ends and the listing cache empties",
  },
  {
    key: "listingWorker",
    env: "FBE_LISTING_WORKER",
    default: true,
    parse: (raw) => raw !== "0",
    help: "0 reads every folder on the main thread",
  },
  {
    key: "listingFfi",
    env: "FBE_LISTING_FFI",
    default: true,
    parse: (raw) => raw !== "0",
    help: "0 never calls libc through bun:ffi (readdir and lstat instead)",
  },
  {
    key: "transferThreads",
    env: "FBE_TRANSFER_THREADS",
    default: 0,
    parse: (raw) => (raw === "auto" ? "auto" : intIn(0, 16)(raw)),
    help: "transfer threads, 0 to 16 or auto (cores - 1, at most 3)",
  },
  {
    key: "transferIdleMs",
    env: "FBE_TRANSFER_IDLE_MS",
    default: 120_000,
    parse: intIn(1000, 86_400_000),
    help: "how long (ms) a transfer thread stays without a request",
  },
  {
    key: "hlsIdleMs",
    env: "FBE_HLS_IDLE_MS",
    default: HLS_ENCODER_IDLE_MS,
    parse: (raw) => (Number(raw) > 0 && Number.isFinite(Number(raw)) ? Number(raw) : undefined),
    help: "how long (ms) an HLS encoder nobody asks a segment of keeps running",
  },
  {
    key: "hlsDebug",
    env: "FBE_HLS_DEBUG",
    default: false,
    parse: (raw) => raw === "1",
    help: "1 adds the encoder counts to HLS answers (X-Hls-Encoders)",
  },
  {
    key: "passwordMemoryKib",
    env: "FBE_PASSWORD_MEMORY_KIB",
    default: PASSWORD_MEMORY_KIB,
    parse: intIn(1024, 4 * 1024 * 1024),
    help: "argon2id memory (KiB) of each new password hash; lower it on a small device (checks read it from the hash)",
  },
  {
    key: "xdgCacheHome",
    env: "XDG_CACHE_HOME",
    default: "",
    parse: (raw) => raw,
    help: "the user's cache folder, for the binary's libvips (default the temp folder)",
  },
];

/** Renders the `--help` text from the table. */
export function flagsHelp(): string {
  const lines = FLAGS.filter(isCliFlag).map((f) => {
    const names = `${f.short ? `-${f.short}, ` : "    "}--${f.long}`;
    const def = f.default === "" ? "" : ` (default ${JSON.stringify(f.default)})`;
    return `  ${names.padEnd(22)} ${f.help}${def}; env ${envName(f)}`;
  });
  return [
    "usage: fbe [flags]                    run the server",
    "       fbe version                    print version, commit, build date, OS/arch",
    "       fbe users ls|add|update|rm ... manage users",
    "       fbe config cat|set ...         read or change global settings",
    "",
    "flags:",
    ...lines,
    "  --config FILE          read a JSON or YAML file with the same keys",
  ].join("\n");
}
