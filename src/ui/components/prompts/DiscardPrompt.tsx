/** @module Asks before leaving the editor with unsaved changes (SPEC §2 Editor). */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { answerPrompt } from "../../stores/layout";

/** Discard leaves without saving; Stay keeps editing. */
export function DiscardPrompt() {
  const { t } = useTranslation();
  return (
    <Dialog
      label={t("prompts.discard.title")}
      title={t("prompts.discard.title")}
      onClose={() => answerPrompt(false)}
      onSubmit={() => answerPrompt(false)}
      actions={
        <>
          <button type="button" className="btn btn-danger" onClick={() => answerPrompt(true)}>
            {t("prompts.discard.discard")}
          </button>
          <button type="submit" className="btn btn-primary" data-autofocus>
            {t("prompts.discard.stay")}
          </button>
        </>
      }
    >
      <p className="dialog-text">{t("prompts.discard.message")}</p>
    </Dialog>
  );
}
