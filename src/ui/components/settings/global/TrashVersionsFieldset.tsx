/**
 * @module 'Trash and versions' fieldset of the global settings (docs/product.md "Trash", "Versions"): how long and
 * how much the trash keeps, whether deletes skip it, and how many earlier contents of a file are kept and how long.
 */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { setTopField } from "../../../stores/settings";
import { CheckField, Fieldset, NumberField } from "../fields";

/** The trash's retention days, its cap, the skip switch, and the versions kept per file and their days. */
export function TrashVersionsFieldset({ settings }: { settings: GlobalSettings }) {
  const { t } = useTranslation();
  const r = SETTINGS_RANGES;
  return (
    <Fieldset legend={t("settings.global.trashVersions.legend")}>
      <CheckField
        label={t("settings.global.trashVersions.skipTrash")}
        checked={settings.skipTrash}
        onChange={(v) => setTopField("skipTrash", v)}
      />
      <p className="field-hint">{t("settings.global.trashVersions.skipTrashHint")}</p>
      <div className="form-grid">
        <NumberField
          label={t("settings.global.trashVersions.retentionDays")}
          {...r.trashRetentionDays}
          value={settings.trashRetentionDays}
          onChange={(v) => setTopField("trashRetentionDays", v)}
          hint={t("settings.global.trashVersions.retentionDaysHint", { ...r.trashRetentionDays })}
        />
        <NumberField
          label={t("settings.global.trashVersions.capPercent")}
          {...r.trashCapPercent}
          value={settings.trashCapPercent}
          onChange={(v) => setTopField("trashCapPercent", v)}
          hint={t("settings.global.trashVersions.capPercentHint", { ...r.trashCapPercent })}
        />
        <NumberField
          label={t("settings.global.trashVersions.versionsKeep")}
          {...r.versionsKeep}
          value={settings.versionsKeep}
          onChange={(v) => setTopField("versionsKeep", v)}
          hint={t("settings.global.trashVersions.versionsKeepHint", { ...r.versionsKeep })}
        />
        <NumberField
          label={t("settings.global.trashVersions.versionsDays")}
          {...r.versionsDays}
          value={settings.versionsDays}
          onChange={(v) => setTopField("versionsDays", v)}
          hint={t("settings.global.trashVersions.versionsDaysHint", { ...r.versionsDays })}
        />
      </div>
    </Fieldset>
  );
}
