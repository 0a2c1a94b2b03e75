/**
 * @module Make thumbnail dialog (docs/product.md "Make thumbnail", "Task params", "Task defaults"): comment, width (0 =
 * original, 512), numcaps with quick choices, columns, single images, overwrite, jpg/png.
 */
import { useTranslation } from "react-i18next";
import { THUMB_NUMCAPS_CHOICES } from "../../../shared/wire/task";
import { CheckField, NumberField, SelectField, TextField } from "../settings/fields";
import { submitTask, TaskPrompt, useTaskParams } from "./TaskPrompt";

const FORMATS = [
  { value: "jpg", label: "JPG" },
  { value: "png", label: "PNG" },
];

/** Makes a contact sheet (or single images) of the video at `path`, or of every video in a folder. */
export function MakeThumbnailPrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const { params, set } = useTaskParams("mkthumb");
  return (
    <TaskPrompt
      title={t("prompts.makeThumbnail.title")}
      path={path}
      onSubmit={() => submitTask("mkthumb", path, params)}
    >
      <TextField label={t("prompts.makeThumbnail.comment")} value={params.comment} onChange={set("comment")} />
      <NumberField
        label={t("prompts.makeThumbnail.width")}
        value={params.width}
        onChange={set("width")}
        min={0}
        hint={t("prompts.makeThumbnail.widthHint")}
      />
      <div className="task-field-group">
        <NumberField
          label={t("prompts.makeThumbnail.numcaps")}
          value={params.numcaps}
          onChange={set("numcaps")}
          min={1}
        />
        <div className="chip-row" role="group" aria-label={t("prompts.makeThumbnail.numcapsChoices")}>
          {THUMB_NUMCAPS_CHOICES.map((n) => (
            <button
              key={n}
              type="button"
              className="btn btn-small"
              aria-pressed={params.numcaps === n}
              aria-label={t("prompts.makeThumbnail.numcapsChoice", { count: n })}
              onClick={() => set("numcaps")(n)}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      <NumberField
        label={t("prompts.makeThumbnail.columns")}
        value={params.columns}
        onChange={set("columns")}
        min={1}
        disabled={params.singleImages}
      />
      <CheckField
        label={t("prompts.makeThumbnail.singleImages")}
        checked={params.singleImages}
        onChange={set("singleImages")}
      />
      <CheckField label={t("prompts.makeThumbnail.overwrite")} checked={params.overwrite} onChange={set("overwrite")} />
      <SelectField
        label={t("prompts.makeThumbnail.imageFormat")}
        value={params.imageFormat}
        onChange={(v) => set("imageFormat")(v as "jpg" | "png")}
        options={FORMATS}
      />
    </TaskPrompt>
  );
}
