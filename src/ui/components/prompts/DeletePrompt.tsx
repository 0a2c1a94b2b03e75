/**
 * @module Delete confirmation naming the item, or the count for several, saying whether it goes to the trash
 * (docs/product.md "Overlay dialogs", "Operations", "Trash").
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { deletePaths } from "../../stores/operations";
import { currentPath } from "../../stores/current-resource";
import { baseName } from "../../stores/transfer-rules";
import { filesRoute, parentPath } from "../../format/encode-path";
import { markDeleted } from "../../stores/preview-deleted";
import { config } from "../../stores/config";

/** How long a deleted image shows its placeholder before the preview moves on (docs/product.md "Preview"). */
const DELETED_PLACEHOLDER_MS = 800;

/**
 * Asks before deleting; the listing then reloads, or, when the open item was deleted, the view goes to `then`
 * after a moment with a placeholder (an image deleted in the preview moves to the next), else to the parent.
 * Cancel has the focus when it opens.
 */
export function DeletePrompt({ paths, then }: { paths: readonly string[]; then?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const confirm = async () => {
    closePrompt();
    const open = paths.find((p) => p === currentPath());
    const ok = await deletePaths(paths, !open);
    if (!ok || !open) return;
    if (then) {
      markDeleted(open);
      setTimeout(() => navigate(filesRoute(then), { replace: true }), DELETED_PLACEHOLDER_MS);
    } else navigate(filesRoute(parentPath(open)));
  };
  return (
    <Dialog
      label={t("prompts.delete.title")}
      title={t("prompts.delete.title")}
      onClose={closePrompt}
      onSubmit={() => void confirm()}
      actions={
        <>
          {/* Cancel takes the focus: Delete then Enter must not destroy files by accident. */}
          <button type="button" className="btn" data-autofocus onClick={closePrompt}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-danger">
            {t("prompts.delete.confirm")}
          </button>
        </>
      }
    >
      {/* docs/product.md "Trash": with the trash on, the items can be restored; with skipTrash, they are gone. */}
      {config.trash ? (
        <>
          <p className="dialog-text">
            {paths.length === 1
              ? t("prompts.delete.trashOne", { name: baseName(paths[0]) })
              : t("prompts.delete.trashMany", { count: paths.length })}
          </p>
          <p className="field-hint">{t("prompts.delete.trashHint")}</p>
        </>
      ) : (
        <p className="dialog-text">
          {paths.length === 1
            ? t("prompts.delete.messageOne", { name: baseName(paths[0]) })
            : t("prompts.delete.messageMany", { count: paths.length })}
        </p>
      )}
    </Dialog>
  );
}
