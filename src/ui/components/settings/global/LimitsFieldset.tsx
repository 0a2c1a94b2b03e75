/** @module Global settings: HSTS over HTTPS and the attempt limits of logins, signups and share passwords. */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { setSectionField, setTopField } from "../../../stores/settings";
import { CheckField, Fieldset, NumberField } from "../fields";

/** The HSTS switch with its warning, and the four numbers of the attempt limits. */
export function LimitsFieldset({ settings }: { settings: GlobalSettings }) {
  const { t } = useTranslation();
  const rate = settings.rateLimit;
  const ranges = SETTINGS_RANGES.rateLimit;
  return (
    <Fieldset legend={t("settings.global.limits.legend")}>
      <CheckField
        label={t("settings.global.limits.hsts")}
        checked={settings.hsts}
        onChange={(v) => setTopField("hsts", v)}
      />
      <p className="field-hint">{t("settings.global.limits.hstsHint")}</p>
      <div className="form-grid">
        <NumberField
          label={t("settings.global.limits.loginPerIp")}
          {...ranges.loginPerIp}
          value={rate.loginPerIp}
          onChange={(v) => setSectionField("rateLimit", "loginPerIp", v)}
        />
        <NumberField
          label={t("settings.global.limits.loginPerUser")}
          {...ranges.loginPerUser}
          value={rate.loginPerUser}
          onChange={(v) => setSectionField("rateLimit", "loginPerUser", v)}
        />
        <NumberField
          label={t("settings.global.limits.sharePasswordPerIp")}
          {...ranges.sharePasswordPerIp}
          value={rate.sharePasswordPerIp}
          onChange={(v) => setSectionField("rateLimit", "sharePasswordPerIp", v)}
        />
        <NumberField
          label={t("settings.global.limits.windowSeconds")}
          {...ranges.windowSeconds}
          value={rate.windowSeconds}
          onChange={(v) => setSectionField("rateLimit", "windowSeconds", v)}
        />
      </div>
      <p className="field-hint">{t("settings.global.limits.limitsHint")}</p>
    </Fieldset>
  );
}
