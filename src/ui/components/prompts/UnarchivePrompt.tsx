/**
 * @module Unarchive dialog (docs/product.md "Unarchive", "Task params"): password (remembered on this device), remove
 * archive, output folder ('.' or the {{FileBasename}}.extracted template, or any text), multi-volume, one top-level,
 * overwrite, detect password, auto-fix file names; the engine is 7z.
 */
import { useTranslation } from "react-i18next";
import { UNARCHIVE_OUTPUT_TEMPLATE } from "../../../shared/wire/task";
import { rememberArchivePassword, rememberedArchivePassword } from "../../stores/tasks";
import { CheckField, TextField } from "../settings/fields";
import { submitTask, TaskPrompt, useTaskParams } from "./TaskPrompt";

/** The engine the server extracts with (docs/product.md "Unarchive": defaults to 7z; the only one). */
const ENGINE = "7z";

/** Extracts the archive at `path` in the background. */
export function UnarchivePrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const { params, set } = useTaskParams("unarchive", { archivePasswd: rememberedArchivePassword() });
  const submit = () => {
    if (submitTask("unarchive", path, params, ["archivePasswd"])) rememberArchivePassword(params.archivePasswd);
  };
  return (
    <TaskPrompt title={t("prompts.unarchive.title")} path={path} onSubmit={submit}>
      <TextField
        label={t("prompts.unarchive.password")}
        value={params.archivePasswd}
        onChange={set("archivePasswd")}
        type="password"
        autoComplete="off"
        hint={t("prompts.unarchive.passwordHint")}
      />
      <label className="field">
        <span className="field-label">{t("prompts.unarchive.output")}</span>
        <input
          className="input"
          list="unarchive-outputs"
          value={params.archiveOutput}
          onChange={(e) => set("archiveOutput")(e.target.value)}
        />
        <datalist id="unarchive-outputs">
          <option value="." />
          <option value={UNARCHIVE_OUTPUT_TEMPLATE} />
        </datalist>
        <span className="field-hint">{t("prompts.unarchive.outputHint", { template: UNARCHIVE_OUTPUT_TEMPLATE })}</span>
      </label>
      <CheckField label={t("prompts.unarchive.remove")} checked={params.archiveRm} onChange={set("archiveRm")} />
      <CheckField
        label={t("prompts.unarchive.multiVolume")}
        checked={params.isMultiVolume}
        onChange={set("isMultiVolume")}
      />
      <CheckField
        label={t("prompts.unarchive.oneTopLevel")}
        checked={params.archiveOneTopLevel}
        onChange={set("archiveOneTopLevel")}
      />
      <CheckField
        label={t("prompts.unarchive.overwrite")}
        checked={params.archiveOverwrite}
        onChange={set("archiveOverwrite")}
      />
      <CheckField
        label={t("prompts.unarchive.detectPassword")}
        checked={params.detectPwd}
        onChange={set("detectPwd")}
      />
      <CheckField
        label={t("prompts.unarchive.autoFix")}
        checked={params.autoFixFilename}
        onChange={set("autoFixFilename")}
      />
      <p className="muted field-hint">{t("prompts.unarchive.engine", { engine: ENGINE })}</p>
    </TaskPrompt>
  );
}
