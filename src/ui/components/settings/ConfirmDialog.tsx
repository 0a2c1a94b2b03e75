/** @module A yes/no confirmation on the shared dialog (user delete, failed log removal). */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";

/** Asks `message`; the danger button runs `onConfirm`, Cancel and Esc run `onClose`. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
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
          <button type="button" className="btn" onClick={onClose}>
            {t("settings.cancel")}
          </button>
          <button type="submit" className="btn btn-danger" data-autofocus>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="dialog-text">{message}</p>
    </Dialog>
  );
}
