/** @module A yes/no confirmation on the shared dialog (user delete, failed log removal, the trash's deletes forever). */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";

/**
 * Asks `message`; the danger button runs `onConfirm`, Cancel and Esc run `onClose`. With `focusCancel` Cancel has the
 * focus, so Enter right after the click cannot destroy anything by accident (what cannot be undone, as the delete
 * confirmation asks).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  focusCancel = false,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  focusCancel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      label={title}
      title={title}
      onClose={onClose}
      onSubmit={onConfirm}
      actions={
        <>
          <button type="button" className="btn" data-autofocus={focusCancel || undefined} onClick={onClose}>
            {t("settings.cancel")}
          </button>
          <button type="submit" className="btn btn-danger" data-autofocus={!focusCancel || undefined}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="dialog-text">{message}</p>
    </Dialog>
  );
}
