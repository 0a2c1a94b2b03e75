/** @module 'Limits per user' fieldset of the global settings: open shells and resumable uploads in progress per user. */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { setTopField } from "../../../stores/settings";
import { Fieldset, NumberField } from "../fields";

/** How many command runner connections and unfinished tus uploads one user may hold at once. */
export function PerUserLimitsFieldset({ settings }: { settings: GlobalSettings }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("settings.global.perUser.legend")}>
      <div className="form-grid">
        <NumberField
          label={t("settings.global.perUser.commandSessions")}
          {...SETTINGS_RANGES.commandSessionsPerUser}
          value={settings.commandSessionsPerUser}
          onChange={(v) => setTopField("commandSessionsPerUser", v)}
          hint={t("settings.global.perUser.commandSessionsHint")}
        />
        <NumberField
          label={t("settings.global.perUser.tusUploads")}
          {...SETTINGS_RANGES.tusUploadsPerUser}
          value={settings.tusUploadsPerUser}
          onChange={(v) => setTopField("tusUploadsPerUser", v)}
          hint={t("settings.global.perUser.tusUploadsHint")}
        />
      </div>
    </Fieldset>
  );
}
