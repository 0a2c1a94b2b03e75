/**
 * @module Wire shape of the global settings (docs/product.md "Global settings fields", GET/PUT /api/settings) with
 * their defaults and allowed number ranges (docs/product.md "Settings ranges"), read by the server's validation and by
 * the settings form alike. Types and constants only.
 */
import type { UserDefaults } from "./user";
import { DEFAULT_THEME, type Rule } from "./user";

/** The reCAPTCHA-compatible login check; active only when enabled with both key and secret. */
export interface CaptchaSettings {
  enabled: boolean;
  key: string;
  verifyUrl: string;
}

/** The global settings both sides know; the captcha secret never leaves the server (see GlobalSettings). */
export interface SettingsCore {
  signup: boolean;
  createUserDir: boolean;
  /** Minimum length of passwords set through the API (the first-run admin and the CLI are exempt). */
  minimumPasswordLength: number;
  /** Believe the last X-Forwarded-For entry as the client address (only behind a trusted reverse proxy). */
  trustProxy: boolean;
  /**
   * Send Strict-Transport-Security on answers over TLS (the binary's own, or X-Forwarded-Proto: https from a
   * trusted proxy): browsers then refuse plain http for this host for a year. Off by default.
   */
  hsts: boolean;
  shell: string[];
  commands: Record<string, string[]>;
  rules: Rule[];
  rmOldIndex: boolean;
  indexLocation: string;
  /** Minutes between two index runs. */
  indexInterval: number;
  excludeIndexDirs: string[];
  /** Background tasks one server runs at once; the others wait pending in the queue. */
  taskWorkers: number;
  /**
   * Unarchive refuses an archive whose entries unpack to more than this many times its own size (the ratio
   * unpacked:packed, 200 meaning 1:200), before writing anything; 0 turns the limit off.
   */
  unarchiveMaxRatio: number;
  /** Command runner connections one user may hold open at once (each runs one command at a time). */
  commandSessionsPerUser: number;
  /** Resumable (tus) uploads one user may have in progress at once. */
  tusUploadsPerUser: number;
  /** Days a deleted item stays in the trash before it is purged (docs/product.md "Trash"). */
  trashRetentionDays: number;
  /**
   * The most one user's trash may hold, in percent of the free space of the files root; above it the oldest entries
   * are purged. 0 sets no cap.
   */
  trashCapPercent: number;
  /** Deletes remove items for good instead of moving them to the trash. */
  skipTrash: boolean;
  /** Earlier contents kept per file (docs/product.md "Versions"); 0 keeps none. */
  versionsKeep: number;
  /** Days an earlier content is kept. */
  versionsDays: number;
  /** Days an activity log entry is kept (docs/product.md "Activity log"). */
  activityRetentionDays: number;
  defaults: UserDefaults;
  branding: { name: string; files: string; description: string };
  slideshow: {
    transitionEffect: string;
    continuous: boolean;
    transitionSpeed: number;
    preloadRange: number;
    showDotIndicator: boolean;
    showThumbIndicator: boolean;
    autoplaySlide: boolean;
    autoplayInterval: number;
    autoplayProgressBar: boolean;
  };
  video: {
    autoplay: boolean;
    disableHls: boolean;
    disablePreview: boolean;
    quality: number;
    volume: number;
    seekDelta: number;
    seekDeltaLong: number;
  };
  thumbnail: {
    cacheRoot: string;
    cacheGcProbability: number;
    cacheExpireTTL: number;
    thumbnailEnabled: boolean;
    thumbnailVideo: boolean;
    thumbnailWidth: number;
    thumbnailVideoWidth: number;
    thumbnailVideoColumns: number;
    thumbnailVideoNumcaps: number;
    thumbnailVideoComment: string;
  };
  /** Failed-login ban: `maxAttempts` failures within `windowSeconds` ban the IP for `banSeconds` (answers 429). */
  loginBan: { enabled: boolean; maxAttempts: number; windowSeconds: number; banSeconds: number };
  /**
   * Attempts allowed per `windowSeconds` before 429 with Retry-After, counted in memory: logins and signups per
   * client IP and per user name, share passwords per link and IP. 0 turns one limit off.
   */
  rateLimit: { loginPerIp: number; loginPerUser: number; sharePasswordPerIp: number; windowSeconds: number };
  captcha: CaptchaSettings;
}

/** The GET/PUT /api/settings answer: `captcha.secret` is replaced by whether one is stored. */
export type GlobalSettings = Omit<SettingsCore, "captcha"> & { captcha: CaptchaSettings & { secretSet: boolean } };

/** A PUT /api/settings body: any top-level part; `captcha.secret` only to change it ("" keeps the stored one). */
export type SettingsUpdate = Partial<Omit<SettingsCore, "captcha">> & {
  captcha?: CaptchaSettings & { secret?: string };
};

/**
 * The photo-gallery transition effects offered by the global settings select (docs/product.md "Slideshow settings").
 */
export const TRANSITION_EFFECTS: readonly string[] = [
  "lg-slide",
  "lg-fade",
  "lg-zoom-in",
  "lg-zoom-in-big",
  "lg-zoom-out",
  "lg-zoom-out-big",
  "lg-zoom-out-in",
  "lg-zoom-in-out",
  "lg-soft-zoom",
  "lg-scale-up",
  "lg-slide-circular",
  "lg-slide-circular-vertical",
  "lg-slide-vertical",
  "lg-slide-vertical-growth",
  "lg-slide-skew-only",
  "lg-slide-skew-only-rev",
  "lg-slide-skew-only-y",
  "lg-slide-skew-only-y-rev",
  "lg-slide-skew",
  "lg-slide-skew-rev",
  "lg-slide-skew-cross",
  "lg-slide-skew-cross-rev",
  "lg-slide-skew-ver",
  "lg-slide-skew-ver-rev",
  "lg-slide-skew-ver-cross",
  "lg-slide-skew-ver-cross-rev",
  "lg-lollipop",
  "lg-lollipop-rev",
  "lg-rotate",
  "lg-rotate-rev",
  "lg-tube",
];

/** Product name used when the branding names none. */
export const DEFAULT_APP_NAME = "File Browser Enhanced";

/** Folder under the files root that holds user homes (`/users/<name>`) when createUserDir is on, or for new users while the default scope is the whole root. */
export const USER_HOMES_DIR = "/users";

/** Google's endpoint; any reCAPTCHA-compatible verifier (`{success: true}`) may replace it. */
export const DEFAULT_CAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

/** Defaults of a fresh install. New users may create, rename, modify, delete, share and download, not admin/execute. */
export const DEFAULT_SETTINGS: SettingsCore = {
  signup: false,
  createUserDir: false,
  // 12 characters, the long-standing default of this install (docs/product.md "Password change").
  minimumPasswordLength: 12,
  trustProxy: false,
  hsts: false,
  shell: [],
  commands: {},
  rules: [],
  rmOldIndex: false,
  indexLocation: "",
  indexInterval: 60,
  excludeIndexDirs: [],
  // 2 tasks in parallel by default: a torrent hash or a transcode keeps one core busy each.
  taskWorkers: 2,
  // 1:200: above what real files pack to (text and logs about 1:10, a sparse disk image 1:100), far below a zip bomb's 1:1000+.
  unarchiveMaxRatio: 200,
  // Measured: 200 command connections running `ls -R` made /health take 9 s; 4 per user keeps a burst small.
  commandSessionsPerUser: 4,
  tusUploadsPerUser: 100,
  trashRetentionDays: 30,
  trashCapPercent: 10,
  skipTrash: false,
  versionsKeep: 10,
  versionsDays: 30,
  activityRetentionDays: 90,
  defaults: {
    scope: "/",
    locale: "",
    viewMode: "list",
    singleClick: false,
    showHidden: false,
    sorting: { by: "name", asc: true },
    perm: {
      admin: false,
      execute: false,
      create: true,
      rename: true,
      modify: true,
      delete: true,
      share: true,
      download: true,
      publish: false,
    },
    commands: [],
    rules: [],
    theme: DEFAULT_THEME,
  },
  branding: { name: "", files: "", description: "" },
  // docs/product.md "Slideshow and video defaults": speed 400 ms, preload 2, interval 5000 ms.
  slideshow: {
    transitionEffect: "lg-slide",
    continuous: true,
    transitionSpeed: 400,
    preloadRange: 2,
    showDotIndicator: false,
    showThumbIndicator: true,
    autoplaySlide: false,
    autoplayInterval: 5000,
    autoplayProgressBar: true,
  },
  // docs/product.md "Global settings", "Slideshow and video defaults": 60 %, 5 s and 60 s; quality 0 is "normal", the
  // first of
  // the list.
  video: {
    autoplay: false,
    disableHls: false,
    disablePreview: false,
    quality: 0,
    volume: 60,
    seekDelta: 5,
    seekDeltaLong: 60,
  },
  // docs/product.md "Cache and thumbnail defaults": 128, 512, 4 and 16; GC probability 10, TTL 604800 s.
  thumbnail: {
    cacheRoot: ".cache",
    cacheGcProbability: 10,
    cacheExpireTTL: 604800,
    thumbnailEnabled: true,
    thumbnailVideo: true,
    thumbnailWidth: 128,
    thumbnailVideoWidth: 512,
    thumbnailVideoColumns: 4,
    thumbnailVideoNumcaps: 16,
    thumbnailVideoComment: "",
  },
  loginBan: { enabled: true, maxAttempts: 5, windowSeconds: 600, banSeconds: 1800 },
  // 10 logins a minute per IP, 5 per user name; share passwords like logins per IP.
  rateLimit: { loginPerIp: 10, loginPerUser: 5, sharePasswordPerIp: 10, windowSeconds: 60 },
  captcha: { enabled: false, key: "", verifyUrl: DEFAULT_CAPTCHA_VERIFY_URL },
};

/** The allowed values of one integer setting: from `min` to `max`, a multiple of `step` when given. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
  readonly step?: number;
}

type NumberKeys<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T];
type RangesOf<T> = { readonly [K in NumberKeys<T>]: IntegerRange };
type NumberSection = "slideshow" | "video" | "thumbnail" | "loginBan" | "rateLimit";

/** A range for every number of the settings: the compiler asks for one when a number field is added. */
export type SettingsRanges = RangesOf<SettingsCore> & { readonly [S in NumberSection]: RangesOf<SettingsCore[S]> };

/** The largest signed 32-bit integer: the top of the open-ended second counts. */
const MAX_INT32 = 2147483647;

/** Every integer setting's range (docs/product.md "Settings ranges"; the others are sane upper bounds). */
export const SETTINGS_RANGES: SettingsRanges = {
  minimumPasswordLength: { min: 1, max: 128 },
  indexInterval: { min: 1, max: 525600 },
  taskWorkers: { min: 1, max: 16 },
  unarchiveMaxRatio: { min: 0, max: 1000000 },
  commandSessionsPerUser: { min: 1, max: 64 },
  tusUploadsPerUser: { min: 1, max: 10000 },
  trashRetentionDays: { min: 1, max: 3650 },
  trashCapPercent: { min: 0, max: 100 },
  versionsKeep: { min: 0, max: 1000 },
  versionsDays: { min: 1, max: 3650 },
  activityRetentionDays: { min: 1, max: 3650 },
  slideshow: {
    transitionSpeed: { min: 0, max: 60000 },
    preloadRange: { min: 0, max: 100 },
    autoplayInterval: { min: 0, max: 3600000 },
  },
  // docs/product.md "Slideshow and video defaults": quality 0 is normal, then 18 HLS qualities.
  video: {
    quality: { min: 0, max: 18 },
    volume: { min: 0, max: 100 },
    seekDelta: { min: 1, max: 60 },
    seekDeltaLong: { min: 1, max: 600 },
  },
  thumbnail: {
    cacheGcProbability: { min: 0, max: 1000000 },
    cacheExpireTTL: { min: 0, max: 31536000, step: 3600 },
    thumbnailWidth: { min: 1, max: 4096 },
    thumbnailVideoWidth: { min: 0, max: 8192 },
    thumbnailVideoColumns: { min: 1, max: 100 },
    thumbnailVideoNumcaps: { min: 1, max: 1000 },
  },
  loginBan: {
    maxAttempts: { min: 1, max: 1000 },
    windowSeconds: { min: 1, max: MAX_INT32 },
    banSeconds: { min: 0, max: MAX_INT32 },
  },
  rateLimit: {
    loginPerIp: { min: 0, max: 100000 },
    loginPerUser: { min: 0, max: 100000 },
    sharePasswordPerIp: { min: 0, max: 100000 },
    windowSeconds: { min: 1, max: 86400 },
  },
};
