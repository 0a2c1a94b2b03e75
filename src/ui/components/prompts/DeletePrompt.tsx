/** @module Delete confirmation naming the item, or the count for several (SPEC §2 Overlay dialogs: delete). */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { deletePaths } from "../../stores/operations";

/** Asks before deleting the given paths; confirming deletes them and reloads the listing. */
export function DeletePrompt({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  const name = paths.length === 1 ? paths[0].replace(/\/$/, "").split("/").pop() ?? "" : "";
  const confirm = () => {
    closePrompt();
    void deletePaths(paths);
  };
  return (
    <Dialog
      label={t("prompts.delete.title")}
      title={t("prompts.delete.title")}
      onClose={closePrompt}
      onSubmit={confirm}
      actions={
        <>
          <button type="button" className="btn" onClick={closePrompt}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-danger" data-autofocus>
            {t("prompts.delete.confirm")}
          </button>
        </>
      }
    >
      <p className="dialog-text">
        {paths.length === 1 ? t("prompts.delete.messageOne", { name }) : t("prompts.delete.messageMany", { count: paths.length })}
      </p>
    </Dialog>
  );
}
