/**
 * @module Extract subtitle dialog (docs/product.md "Extract subtitle", "Task params"): format vtt (default), srt or
 * ass; overwrite.
 */
import { useTranslation } from "react-i18next";
import type { ExtractSubParams } from "../../../shared/wire/task";
import { CheckField, SelectField } from "../settings/fields";
import { submitTask, TaskPrompt, useTaskParams } from "./TaskPrompt";

const FORMATS = ["vtt", "srt", "ass"].map((f) => ({ value: f, label: f.toUpperCase() }));

/** Extracts every embedded text subtitle of the video at `path`, or of every video in a folder. */
export function ExtractSubtitlePrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const { params, set } = useTaskParams("extract_sub");
  return (
    <TaskPrompt
      title={t("prompts.extractSubtitle.title")}
      path={path}
      onSubmit={() => submitTask("extract_sub", path, params)}
    >
      <SelectField
        label={t("prompts.extractSubtitle.format")}
        value={params.subFormat}
        onChange={(v) => set("subFormat")(v as ExtractSubParams["subFormat"])}
        options={FORMATS}
      />
      <CheckField
        label={t("prompts.extractSubtitle.overwrite")}
        checked={params.overwrite}
        onChange={set("overwrite")}
      />
    </TaskPrompt>
  );
}
