/** @module Asks before the editor saves over a file that changed on disk since it was opened (the save's 412). */
import { useTranslation } from "react-i18next";
import { QuestionDialog } from "../common/QuestionDialog";

/** Overwrite saves anyway; Cancel (the default) keeps the text in the editor, unsaved. */
export function OverwritePrompt() {
  const { t } = useTranslation();
  return (
    <QuestionDialog
      title={t("prompts.overwrite.title")}
      message={t("prompts.overwrite.message")}
      riskyLabel={t("prompts.overwrite.confirm")}
      safeLabel={t("prompts.cancel")}
    />
  );
}
