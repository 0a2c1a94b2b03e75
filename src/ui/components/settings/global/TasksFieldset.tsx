/**
 * @module 'Background tasks' fieldset of the global settings: how many tasks the server runs at once (taskWorkers)
 * and how far an archive may unpack beyond its own size (unarchiveMaxRatio).
 */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { setTopField } from "../../../stores/settings";
import { Fieldset, NumberField } from "../fields";

/** The number of background tasks run in parallel (the others wait pending) and the unarchive ratio limit. */
export function TasksFieldset({ settings }: { settings: GlobalSettings }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("settings.global.tasks.legend")}>
      <NumberField
        label={t("settings.global.tasks.workers")}
        {...SETTINGS_RANGES.taskWorkers}
        value={settings.taskWorkers}
        onChange={(v) => setTopField("taskWorkers", v)}
        hint={t("settings.global.tasks.workersHint")}
      />
      <NumberField
        label={t("settings.global.tasks.unarchiveMaxRatio")}
        {...SETTINGS_RANGES.unarchiveMaxRatio}
        value={settings.unarchiveMaxRatio}
        onChange={(v) => setTopField("unarchiveMaxRatio", v)}
        hint={t("settings.global.tasks.unarchiveMaxRatioHint")}
      />
    </Fieldset>
  );
}
