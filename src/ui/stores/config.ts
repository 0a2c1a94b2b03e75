/** @module The server-injected configuration (docs/product.md "Start-up"), read once on page load. */
import { DEFAULT_APP_NAME } from "../../shared/wire/settings";
import { TUS_CHUNK_BYTES } from "../../shared/wire/upload";
import { DEFAULT_SETTINGS, type SettingsCore } from "../../shared/wire/settings";

/** Build information shown in the footer and the about box. */
export interface VersionInfo {
  Version: string;
  OS: string;
  Arch: string;
  CommitSHA: string;
  BuildDate: string;
  GoVersion: string;
}

/** The fields the server puts into `<script id="fbe-config">`. */
export interface AppConfig {
  name: string;
  description: string;
  baseURL: string;
  staticURL: string;
  signup: boolean;
  noAuth: boolean;
  captcha: boolean;
  captchaKey: string;
  loginPage: boolean;
  /** URL of the branding folder's custom.css, or "" (docs/product.md "Branding"). */
  customCSS: string;
  /** URL of the branding folder's img/logo.svg, or "". */
  logoURL: string;
  /** The global Video settings (docs/product.md "Global settings fields"). */
  video: SettingsCore["video"];
  /** The photo-gallery settings (docs/product.md "Slideshow settings"). */
  slideshow: SettingsCore["slideshow"];
  /** The thumbnail settings without the server's cache folder. */
  thumbnail: Omit<SettingsCore["thumbnail"], "cacheRoot">;
  /** Whether an index location is set (docs/product.md "Page config"). */
  indexLocation: boolean;
  /** Whether a delete moves items to the trash (false when the global skipTrash is on; docs/product.md "Trash"). */
  trash: boolean;
  /**
   * The H.264 encoder the server would use: a hardware one, or "libx264" (docs/product.md "About"); "" when unknown.
   */
  videoEncoder: string;
  /** Bytes per request of a resumable (tus) upload, as the server is configured. */
  tusChunkSize: number;
  version: VersionInfo;
}

const DEFAULTS: AppConfig = {
  name: DEFAULT_APP_NAME,
  description: "",
  baseURL: "",
  staticURL: "/static",
  signup: false,
  noAuth: false,
  captcha: false,
  captchaKey: "",
  loginPage: true,
  customCSS: "",
  logoURL: "",
  video: DEFAULT_SETTINGS.video,
  slideshow: DEFAULT_SETTINGS.slideshow,
  thumbnail: DEFAULT_SETTINGS.thumbnail,
  indexLocation: false,
  trash: true,
  videoEncoder: "",
  tusChunkSize: TUS_CHUNK_BYTES,
  version: { Version: "dev", OS: "", Arch: "", CommitSHA: "", BuildDate: "", GoVersion: "" },
};

/**
 * Merges the injected JSON over the defaults. Missing or broken JSON (the dev build has no tag)
 * gives the defaults; an empty name falls back to the default product name (docs/product.md "What the product does").
 */
export function parseConfig(json: string | null | undefined): AppConfig {
  let raw: Partial<AppConfig> = {};
  try {
    raw = json ? (JSON.parse(json) as Partial<AppConfig>) : {};
  } catch {
    raw = {};
  }
  const merged: AppConfig = {
    ...DEFAULTS,
    ...raw,
    video: { ...DEFAULTS.video, ...(raw.video ?? {}) },
    slideshow: { ...DEFAULTS.slideshow, ...(raw.slideshow ?? {}) },
    thumbnail: { ...DEFAULTS.thumbnail, ...(raw.thumbnail ?? {}) },
    version: { ...DEFAULTS.version, ...(raw.version ?? {}) },
  };
  merged.name = merged.name || DEFAULT_APP_NAME;
  merged.baseURL = (merged.baseURL || "").replace(/\/+$/, "");
  return merged;
}

/** Reads the configuration from the page (defaults outside a browser). */
export function readConfig(): AppConfig {
  if (typeof document === "undefined") return parseConfig(null);
  return parseConfig(document.getElementById("fbe-config")?.textContent);
}

/** The configuration of this page load. */
export const config: AppConfig = Object.freeze(readConfig());
