/**
 * @module Asks before leaving the editor with unsaved changes (docs/product.md "Editor"): close, Esc, back or another
 * link.
 */
import { useTranslation } from "react-i18next";
import { QuestionDialog } from "../common/QuestionDialog";

/** Discard leaves without saving; Keep editing (the default) stays. */
export function DiscardPrompt() {
  const { t } = useTranslation();
  return (
    <QuestionDialog
      title={t("prompts.discard.title")}
      message={t("prompts.discard.message")}
      riskyLabel={t("prompts.discard.discard")}
      safeLabel={t("prompts.discard.stay")}
    />
  );
}
