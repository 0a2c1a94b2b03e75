/**
 * @module Shape, defaults and allowed ranges of the global settings and of the defaults given to new users
 * (SPEC section 3 Global settings, section 5 Settings ranges), in one place.
 */
import type { Permissions, Rule, Sorting, ViewMode } from "../users/types";
import { MIN_PASSWORD_LENGTH } from "../constants";

/** Settings copied into every new user (SPEC "User default settings"). */
export interface UserDefaults {
  scope: string;
  locale: string;
  viewMode: ViewMode;
  singleClick: boolean;
  showHidden: boolean;
  sorting: Sorting;
  perm: Permissions;
  commands: string[];
  rules: Rule[];
}

/** The global settings (SPEC section 3) plus the login ban, captcha, proxy trust and password length. */
export interface GlobalSettings {
  signup: boolean;
  createUserDir: boolean;
  /** Minimum length of passwords set through the API (the first-run admin and the CLI are exempt). */
  minimumPasswordLength: number;
  /** Believe the last X-Forwarded-For entry as the client address (only behind a trusted reverse proxy). */
  trustProxy: boolean;
  shell: string[];
  commands: Record<string, string[]>;
  rules: Rule[];
  rmOldIndex: boolean;
  indexLocation: string;
  /** Minutes between two index runs. */
  indexInterval: number;
  excludeIndexDirs: string[];
  defaults: UserDefaults;
  branding: { name: string; files: string; description: string };
  slideshow: {
    transitionEffect: string; continuous: boolean; transitionSpeed: number; preloadRange: number;
    showDotIndicator: boolean; showThumbIndicator: boolean; autoplaySlide: boolean; autoplayInterval: number;
    autoplayProgressBar: boolean;
  };
  video: {
    autoplay: boolean; disableHls: boolean; disablePreview: boolean; quality: number;
    volume: number; seekDelta: number; seekDeltaLong: number;
  };
  thumbnail: {
    cacheRoot: string; cacheGcProbability: number; cacheExpireTTL: number; thumbnailEnabled: boolean;
    thumbnailVideo: boolean; thumbnailWidth: number; thumbnailVideoWidth: number; thumbnailVideoColumns: number;
    thumbnailVideoNumcaps: number; thumbnailVideoComment: string;
  };
  /** Failed-login ban: `maxAttempts` failures within `windowSeconds` ban the IP for `banSeconds` (answers 429). */
  loginBan: { enabled: boolean; maxAttempts: number; windowSeconds: number; banSeconds: number };
  /** reCAPTCHA-compatible check on login; active only when enabled with both key and secret. */
  captcha: { enabled: boolean; key: string; secret: string; verifyUrl: string };
}

/** The photo-gallery transition effects offered by the global settings select (SPEC section 2 Slideshow). */
export const TRANSITION_EFFECTS: readonly string[] = [
  "lg-slide", "lg-fade", "lg-zoom-in", "lg-zoom-in-big", "lg-zoom-out", "lg-zoom-out-big", "lg-zoom-out-in",
  "lg-zoom-in-out", "lg-soft-zoom", "lg-scale-up", "lg-slide-circular", "lg-slide-circular-vertical",
  "lg-slide-vertical", "lg-slide-vertical-growth", "lg-slide-skew-only", "lg-slide-skew-only-rev",
  "lg-slide-skew-only-y", "lg-slide-skew-only-y-rev", "lg-slide-skew", "lg-slide-skew-rev", "lg-slide-skew-cross",
  "lg-slide-skew-cross-rev", "lg-slide-skew-ver", "lg-slide-skew-ver-rev", "lg-slide-skew-ver-cross",
  "lg-slide-skew-ver-cross-rev", "lg-lollipop", "lg-lollipop-rev", "lg-rotate", "lg-rotate-rev", "lg-tube",
];

/** Google's endpoint; any reCAPTCHA-compatible verifier (`{success: true}`) may replace it. */
export const DEFAULT_CAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

/** Defaults of a fresh install. New users may create, rename, modify, delete, share and download, not admin/execute. */
export const DEFAULT_SETTINGS: GlobalSettings = {
  signup: false,
  createUserDir: false,
  minimumPasswordLength: MIN_PASSWORD_LENGTH,
  trustProxy: false,
  shell: [],
  commands: {},
  rules: [],
  rmOldIndex: false,
  indexLocation: "",
  indexInterval: 60,
  excludeIndexDirs: [],
  defaults: {
    scope: "/",
    locale: "",
    viewMode: "list",
    singleClick: false,
    showHidden: false,
    sorting: { by: "name", asc: true },
    perm: {
      admin: false, execute: false, create: true, rename: true, modify: true, delete: true, share: true, download: true, publish: false,
    },
    commands: [],
    rules: [],
  },
  branding: { name: "", files: "", description: "" },
  // SPEC section 9: speed 400 ms, preload 2, interval 5000 ms.
  slideshow: {
    transitionEffect: "lg-slide", continuous: true, transitionSpeed: 400, preloadRange: 2, showDotIndicator: false,
    showThumbIndicator: true, autoplaySlide: false, autoplayInterval: 5000, autoplayProgressBar: true,
  },
  // SPEC section 2 hints: 60 %, 5 s and 60 s; quality 0 is "normal", the first of the list (section 9).
  video: { autoplay: false, disableHls: false, disablePreview: false, quality: 0, volume: 60, seekDelta: 5, seekDeltaLong: 60 },
  // SPEC section 2 hints: 128, 512, 4 and 16; section 5: GC probability 10, TTL 604800 s.
  thumbnail: {
    cacheRoot: ".cache", cacheGcProbability: 10, cacheExpireTTL: 604800, thumbnailEnabled: true, thumbnailVideo: true,
    thumbnailWidth: 128, thumbnailVideoWidth: 512, thumbnailVideoColumns: 4, thumbnailVideoNumcaps: 16, thumbnailVideoComment: "",
  },
  loginBan: { enabled: true, maxAttempts: 5, windowSeconds: 600, banSeconds: 1800 },
  captcha: { enabled: false, key: "", secret: "", verifyUrl: DEFAULT_CAPTCHA_VERIFY_URL },
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
const int = (min: number, max: number, step?: number): FieldSpec => ({ kind: "integer", min, max, step });
const str = (max: number, extra: Partial<{ trim: boolean; oneOf: readonly string[]; url: boolean }> = {}): FieldSpec => ({ kind: "string", max, ...extra });
const MAX_INT = 2147483647;

/** Every accepted field with its range (SPEC section 5); sections are nested objects of specs. */
export const SETTINGS_FIELDS: Record<keyof GlobalSettings, FieldSpec | SectionSpec> = {
  signup: bool,
  createUserDir: bool,
  minimumPasswordLength: int(1, 128),
  trustProxy: bool,
  shell: { kind: "words" },
  commands: { kind: "command-map" },
  rules: { kind: "rules" },
  rmOldIndex: bool,
  indexLocation: str(4096, { trim: true }),
  indexInterval: int(1, 525600),
  excludeIndexDirs: { kind: "string-list" },
  defaults: { kind: "user-defaults" },
  branding: { name: str(200, { trim: true }), files: str(4096, { trim: true }), description: str(4096) },
  slideshow: {
    transitionEffect: str(64, { oneOf: TRANSITION_EFFECTS }), continuous: bool, transitionSpeed: int(0, 60000),
    preloadRange: int(0, 100), showDotIndicator: bool, showThumbIndicator: bool, autoplaySlide: bool,
    autoplayInterval: int(0, 3600000), autoplayProgressBar: bool,
  },
  video: {
    autoplay: bool, disableHls: bool, disablePreview: bool, quality: int(0, 18),
    volume: int(0, 100), seekDelta: int(1, 60), seekDeltaLong: int(1, 600),
  },
  thumbnail: {
    cacheRoot: str(4096, { trim: true }), cacheGcProbability: int(0, 1000000), cacheExpireTTL: int(0, 31536000, 3600),
    thumbnailEnabled: bool, thumbnailVideo: bool, thumbnailWidth: int(1, 4096), thumbnailVideoWidth: int(0, 8192),
    thumbnailVideoColumns: int(1, 100), thumbnailVideoNumcaps: int(1, 1000), thumbnailVideoComment: str(1024, { trim: true }),
  },
  loginBan: { enabled: bool, maxAttempts: int(1, 1000), windowSeconds: int(1, MAX_INT), banSeconds: int(0, MAX_INT) },
  captcha: { enabled: bool, key: str(1024, { trim: true }), secret: str(1024, { trim: true }), verifyUrl: str(2048, { trim: true, url: true }) },
};
