/** @module Maps the global settings to the GET/PUT /api/settings JSON; the captcha secret is never sent back. */
import type { StoredSettings } from "../settings/schema";
import type { GlobalSettings } from "../../shared/wire/settings";

/** Presents the settings to an admin; saving an empty or missing `captcha.secret` keeps the stored one. */
export function presentSettings(settings: StoredSettings): GlobalSettings {
  const { secret, ...captcha } = settings.captcha;
  return { ...settings, captcha: { ...captcha, secretSet: secret !== "" } };
}
