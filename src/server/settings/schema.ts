/**
 * @module Shape, defaults and allowed ranges of the global settings and of the defaults given to new users
 * (docs/product.md "Global settings fields", "Settings ranges"), in one place.
 */
import {
  DEFAULT_SETTINGS as SHARED_DEFAULTS,
  SETTINGS_RANGES as R,
  TRANSITION_EFFECTS,
  type CaptchaSettings,
  type IntegerRange,
  type SettingsCore,
} from "../../shared/wire/settings";

export type { UserDefaults } from "../../shared/wire/user";

/** The global settings as stored: the wire fields plus the captcha secret, which never leaves the server. */
export type StoredSettings = Omit<SettingsCore, "captcha"> & { captcha: CaptchaSettings & { secret: string } };

/** Defaults of a fresh install (the shared defaults, no captcha secret). */
export const DEFAULT_SETTINGS: StoredSettings = {
  ...SHARED_DEFAULTS,
  captcha: { ...SHARED_DEFAULTS.captcha, secret: "" },
};

/** How one settings field is checked and normalized. */
export type FieldSpec =
  | { kind: "boolean" }
  | { kind: "integer"; min: number; max: number; step?: number }
  | { kind: "string"; max: number; trim?: boolean; oneOf?: readonly string[]; url?: boolean }
  | { kind: "words" }
  | { kind: "string-list" }
  | { kind: "command-map" }
  | { kind: "rules" }
  | { kind: "user-defaults" };

/** Specs of the fields of one settings section (video, thumbnail...). */
export type SectionSpec = Record<string, FieldSpec>;

const bool = { kind: "boolean" } as const;
const int = (range: IntegerRange): FieldSpec => ({ kind: "integer", ...range });
const str = (
  max: number,
  extra: Partial<{ trim: boolean; oneOf: readonly string[]; url: boolean }> = {},
): FieldSpec => ({ kind: "string", max, ...extra });

/** Every accepted field with its range (docs/product.md "Settings ranges"); sections are nested objects of specs. */
export const SETTINGS_FIELDS: Record<keyof StoredSettings, FieldSpec | SectionSpec> = {
  signup: bool,
  createUserDir: bool,
  minimumPasswordLength: int(R.minimumPasswordLength),
  trustProxy: bool,
  hsts: bool,
  shell: { kind: "words" },
  commands: { kind: "command-map" },
  rules: { kind: "rules" },
  rmOldIndex: bool,
  indexLocation: str(4096, { trim: true }),
  indexInterval: int(R.indexInterval),
  excludeIndexDirs: { kind: "string-list" },
  taskWorkers: int(R.taskWorkers),
  unarchiveMaxRatio: int(R.unarchiveMaxRatio),
  commandSessionsPerUser: int(R.commandSessionsPerUser),
  tusUploadsPerUser: int(R.tusUploadsPerUser),
  trashRetentionDays: int(R.trashRetentionDays),
  trashCapPercent: int(R.trashCapPercent),
  skipTrash: bool,
  versionsKeep: int(R.versionsKeep),
  versionsDays: int(R.versionsDays),
  activityRetentionDays: int(R.activityRetentionDays),
  defaults: { kind: "user-defaults" },
  branding: { name: str(200, { trim: true }), files: str(4096, { trim: true }), description: str(4096) },
  slideshow: {
    transitionEffect: str(64, { oneOf: TRANSITION_EFFECTS }),
    continuous: bool,
    transitionSpeed: int(R.slideshow.transitionSpeed),
    preloadRange: int(R.slideshow.preloadRange),
    showDotIndicator: bool,
    showThumbIndicator: bool,
    autoplaySlide: bool,
    autoplayInterval: int(R.slideshow.autoplayInterval),
    autoplayProgressBar: bool,
  },
  video: {
    autoplay: bool,
    disableHls: bool,
    disablePreview: bool,
    quality: int(R.video.quality),
    volume: int(R.video.volume),
    seekDelta: int(R.video.seekDelta),
    seekDeltaLong: int(R.video.seekDeltaLong),
  },
  thumbnail: {
    cacheRoot: str(4096, { trim: true }),
    cacheGcProbability: int(R.thumbnail.cacheGcProbability),
    cacheExpireTTL: int(R.thumbnail.cacheExpireTTL),
    thumbnailEnabled: bool,
    thumbnailVideo: bool,
    thumbnailWidth: int(R.thumbnail.thumbnailWidth),
    thumbnailVideoWidth: int(R.thumbnail.thumbnailVideoWidth),
    thumbnailVideoColumns: int(R.thumbnail.thumbnailVideoColumns),
    thumbnailVideoNumcaps: int(R.thumbnail.thumbnailVideoNumcaps),
    thumbnailVideoComment: str(1024, { trim: true }),
  },
  loginBan: {
    enabled: bool,
    maxAttempts: int(R.loginBan.maxAttempts),
    windowSeconds: int(R.loginBan.windowSeconds),
    banSeconds: int(R.loginBan.banSeconds),
  },
  rateLimit: {
    loginPerIp: int(R.rateLimit.loginPerIp),
    loginPerUser: int(R.rateLimit.loginPerUser),
    sharePasswordPerIp: int(R.rateLimit.sharePasswordPerIp),
    windowSeconds: int(R.rateLimit.windowSeconds),
  },
  captcha: {
    enabled: bool,
    key: str(1024, { trim: true }),
    secret: str(1024, { trim: true }),
    verifyUrl: str(2048, { trim: true, url: true }),
  },
};
