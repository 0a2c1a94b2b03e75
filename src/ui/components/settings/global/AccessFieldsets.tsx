/** @module Branding, login protection and the collapsible rules-and-shell block of the global settings. */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { setSectionField, setSettingsText, setTopField } from "../../../stores/settings";
import type { SettingsTexts } from "../../../stores/settings-rules";
import { CheckField, Fieldset, NumberField, TextAreaField, TextField } from "../fields";
import { RulesEditor } from "../RulesEditor";

/** Where the branding docs live (docs/product.md "Branding": a link to the branding docs, a README anchor). */
const BRANDING_DOCS_URL = "https://github.com/filebrowser/filebrowser/blob/master/README.md#branding";

/** Instance name, branding folder and the login page description (60 x 8 textarea). */
export function BrandingFieldset({ branding }: { branding: GlobalSettings["branding"] }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("settings.global.branding.legend")}>
      <TextField
        label={t("settings.global.branding.name")}
        value={branding.name}
        onChange={(v) => setSectionField("branding", "name", v)}
      />
      <TextField
        label={t("settings.global.branding.files")}
        value={branding.files}
        onChange={(v) => setSectionField("branding", "files", v)}
        hint={t("settings.global.branding.filesHint")}
      />
      <TextAreaField
        label={t("settings.global.branding.description")}
        cols={60}
        rows={8}
        value={branding.description}
        onChange={(v) => setSectionField("branding", "description", v)}
        hint={t("settings.global.branding.descriptionHint")}
      />
      <a className="link-inline" href={BRANDING_DOCS_URL} target="_blank" rel="noreferrer noopener">
        {t("settings.global.branding.docs")}
      </a>
    </Fieldset>
  );
}

/** Failed-login ban, proxy trust, password length and captcha. */
export function SecurityFieldset({ settings, secretText }: { settings: GlobalSettings; secretText: string }) {
  const { t } = useTranslation();
  const ban = settings.loginBan;
  const captcha = settings.captcha;
  return (
    <Fieldset legend={t("settings.global.security.legend")}>
      <CheckField
        label={t("settings.global.security.banEnabled")}
        checked={ban.enabled}
        onChange={(v) => setSectionField("loginBan", "enabled", v)}
      />
      <div className="form-grid form-grid-3">
        <NumberField
          label={t("settings.global.security.maxAttempts")}
          {...SETTINGS_RANGES.loginBan.maxAttempts}
          value={ban.maxAttempts}
          onChange={(v) => setSectionField("loginBan", "maxAttempts", v)}
        />
        <NumberField
          label={t("settings.global.security.window")}
          {...SETTINGS_RANGES.loginBan.windowSeconds}
          value={ban.windowSeconds}
          onChange={(v) => setSectionField("loginBan", "windowSeconds", v)}
        />
        <NumberField
          label={t("settings.global.security.ban")}
          {...SETTINGS_RANGES.loginBan.banSeconds}
          value={ban.banSeconds}
          onChange={(v) => setSectionField("loginBan", "banSeconds", v)}
        />
      </div>
      <CheckField
        label={t("settings.global.security.trustProxy")}
        checked={settings.trustProxy}
        onChange={(v) => setTopField("trustProxy", v)}
      />
      <NumberField
        label={t("settings.global.security.minPassword")}
        {...SETTINGS_RANGES.minimumPasswordLength}
        value={settings.minimumPasswordLength}
        onChange={(v) => setTopField("minimumPasswordLength", v)}
      />
      <CheckField
        label={t("settings.global.security.captchaEnabled")}
        checked={captcha.enabled}
        onChange={(v) => setSectionField("captcha", "enabled", v)}
      />
      <div className="form-grid">
        <TextField
          label={t("settings.global.security.captchaKey")}
          value={captcha.key}
          onChange={(v) => setSectionField("captcha", "key", v)}
        />
        <TextField
          label={t("settings.global.security.captchaSecret")}
          type="password"
          autoComplete="off"
          value={secretText}
          onChange={(v) => setSettingsText("captchaSecret", v)}
          hint={captcha.secretSet ? t("settings.global.security.captchaSecretSet") : undefined}
        />
      </div>
      <TextField
        label={t("settings.global.security.verifyUrl")}
        value={captcha.verifyUrl}
        onChange={(v) => setSectionField("captcha", "verifyUrl", v)}
      />
    </Fieldset>
  );
}

/** The collapsible block: global rules for every user and the 'execute on shell' words. */
export function RulesShellBlock({ settings, texts }: { settings: GlobalSettings; texts: SettingsTexts }) {
  const { t } = useTranslation();
  return (
    <details className="collapsible">
      <summary>{t("settings.global.advanced.summary")}</summary>
      <div className="collapsible-body">
        <p className="field-hint">{t("settings.global.advanced.rulesHint")}</p>
        <RulesEditor rules={settings.rules} onChange={(next) => setTopField("rules", next)} />
        <TextField
          label={t("settings.global.advanced.shell")}
          value={texts.shell}
          onChange={(v) => setSettingsText("shell", v)}
          hint={t("settings.global.advanced.shellHint")}
        />
      </div>
    </details>
  );
}
