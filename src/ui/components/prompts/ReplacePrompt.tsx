/** @module Replace prompt of the upload flow (SPEC §4 Upload): Replace sends with override, Cancel skips. */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { answerReplace } from "../../stores/layout";

/** Names the files that already exist and asks whether to replace them. */
export function ReplacePrompt({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Dialog
      label={t("prompts.replace.title")}
      title={t("prompts.replace.title")}
      onClose={() => answerReplace(false)}
      onSubmit={() => answerReplace(true)}
      actions={
        <>
          <button type="button" className="btn" onClick={() => answerReplace(false)}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" data-autofocus>
            {t("prompts.replace.confirm")}
          </button>
        </>
      }
    >
      <p className="dialog-text">{t("prompts.replace.message", { count: names.length })}</p>
      <ul className="dialog-list">
        {names.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </Dialog>
  );
}
