/** @module Maps the global settings to the GET/PUT /api/settings JSON; the captcha secret is never sent back. */
import type { GlobalSettings } from "../settings/schema";

/** Wire shape: the settings (SPEC section 3, `defaults` included) with `captcha.secret` replaced by `secretSet`. */
export type SettingsJson = Omit<GlobalSettings, "captcha"> & {
  captcha: Omit<GlobalSettings["captcha"], "secret"> & { secretSet: boolean };
};

/** Presents the settings to an admin; saving an empty or missing `captcha.secret` keeps the stored one. */
export function presentSettings(settings: GlobalSettings): SettingsJson {
  const { secret, ...captcha } = settings.captcha;
  return { ...settings, captcha: { ...captcha, secretSet: secret !== "" } };
}
