/** @module Global settings and the per-install signing secret, stored in the settings table. */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { getSetting, putSetting } from "../db/settings-table";
import { DEFAULT_SETTINGS, type GlobalSettings, type UserDefaults } from "./schema";

/** The global settings, defaults filled in for keys never saved. */
export function getSettings(db: Database): GlobalSettings {
  const saved = getSetting<Partial<GlobalSettings>>(db, "global") ?? {};
  return {
    ...DEFAULT_SETTINGS,
    ...saved,
    branding: { ...DEFAULT_SETTINGS.branding, ...saved.branding },
    defaults: { ...DEFAULT_SETTINGS.defaults, ...saved.defaults },
  };
}

/** Saves the whole global settings object. */
export function saveSettings(db: Database, settings: GlobalSettings): void {
  putSetting(db, "global", settings);
}

/** The settings new users start with. */
export function getUserDefaults(db: Database): UserDefaults {
  return getSettings(db).defaults;
}

/** The HS256 signing secret of this install: 64 random bytes created on first use, stored base64. */
export function getSigningSecret(db: Database): string {
  let secret = getSetting<string>(db, "jwtSecret");
  if (!secret) {
    secret = randomBytes(64).toString("base64");
    putSetting(db, "jwtSecret", secret);
  }
  return secret;
}
