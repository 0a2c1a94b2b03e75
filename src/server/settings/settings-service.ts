/** @module Global settings and the per-install signing secret, stored in the settings table. */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { storeVersion } from "../db/change-clock";
import { getSetting, putSetting } from "../db/settings-table";
import { DEFAULT_SETTINGS, type StoredSettings, type UserDefaults } from "./schema";
import { applySettingsPatch } from "./validate-settings";

const SETTINGS_KEY = "global";

/** The global settings, defaults filled in (section by section) for keys never saved. */
export function getSettings(db: Database): StoredSettings {
  const saved = getSetting<Record<string, unknown>>(db, SETTINGS_KEY) ?? {};
  const out = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in out) || value === undefined || value === null) continue;
    const def = out[key];
    const isSection = def && typeof def === "object" && !Array.isArray(def) && key !== "commands";
    out[key] = isSection ? { ...(def as object), ...(value as object) } : value;
  }
  return out as unknown as StoredSettings;
}

const shared = new WeakMap<Database, { version: string; settings: Readonly<StoredSettings> }>();

/**
 * The global settings as getSettings reads them, frozen and shared until the store changes (its version,
 * change-clock.ts: at once for this process's writes, within EXTERNAL_CHANGE_POLL_MS for another process's):
 * for the per-request reads (rules, trustProxy) that only look. Callers must not modify it (it throws).
 */
export function currentSettings(db: Database): Readonly<StoredSettings> {
  const version = storeVersion(db);
  const hit = shared.get(db);
  if (hit?.version === version) return hit.settings;
  const settings = deepFreeze(getSettings(db));
  shared.set(db, { version, settings });
  return settings;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Saves the whole global settings object. */
export function saveSettings(db: Database, settings: StoredSettings): void {
  putSetting(db, SETTINGS_KEY, settings);
}

/**
 * Checks `patch` against the schema, applies it over the stored settings, saves and returns the result.
 * @throws BadRequest naming the first invalid field.
 */
export function updateSettings(db: Database, patch: unknown): StoredSettings {
  const next = applySettingsPatch(getSettings(db), patch);
  saveSettings(db, next);
  return next;
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
