/** @module Global settings calls (SPEC §7 GET/PUT /api/settings). */
import { apiJson } from "./client";
import type { Account, Rule } from "./accounts";

/** The settings copied into every new user (SPEC §2 'User default settings'): these fields of an account. */
export type UserDefaults = Pick<Account, "scope" | "locale" | "viewMode" | "singleClick" | "showHidden" | "sorting" | "perm" | "commands" | "rules">;

/** The global settings as the API sends them (SPEC §3 Global settings, plus login protection). */
export interface GlobalSettings {
  signup: boolean;
  createUserDir: boolean;
  minimumPasswordLength: number;
  trustProxy: boolean;
  shell: string[];
  commands: Record<string, string[]>;
  rules: Rule[];
  rmOldIndex: boolean;
  indexLocation: string;
  indexInterval: number;
  excludeIndexDirs: string[];
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
  video: { autoplay: boolean; disableHls: boolean; disablePreview: boolean; quality: number; volume: number; seekDelta: number; seekDeltaLong: number };
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
  loginBan: { enabled: boolean; maxAttempts: number; windowSeconds: number; banSeconds: number };
  /** `secretSet` is read-only; `secret` is sent only to change it ("" keeps the stored one). */
  captcha: { enabled: boolean; key: string; secretSet?: boolean; secret?: string; verifyUrl: string };
}

/** Fetches the global settings (admin). @throws ApiError. */
export function fetchSettings(): Promise<GlobalSettings> {
  return apiJson<GlobalSettings>("/api/settings");
}

/** Saves part of the settings and returns all of them. @throws ApiError (400 naming the field out of range). */
export function saveSettings(patch: Partial<GlobalSettings>): Promise<GlobalSettings> {
  return apiJson<GlobalSettings>("/api/settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(patch),
  });
}
