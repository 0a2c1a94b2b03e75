/** @module Global settings calls (docs/product.md "Settings calls"). */
import { apiJson } from "./client";
import type { GlobalSettings, SettingsUpdate } from "../../shared/wire/settings";

export type { GlobalSettings, SettingsUpdate } from "../../shared/wire/settings";
export type { UserDefaults } from "../../shared/wire/user";

/** Fetches the global settings (admin). @throws ApiError. */
export function fetchSettings(): Promise<GlobalSettings> {
  return apiJson<GlobalSettings>("/api/settings");
}

/** Saves part of the settings and returns all of them. @throws ApiError (400 naming the field out of range). */
export function saveSettings(patch: SettingsUpdate): Promise<GlobalSettings> {
  return apiJson<GlobalSettings>("/api/settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(patch),
  });
}
