/**
 * @module The confirmation of Delete forever and Empty trash (docs/product.md "Trash"), as the delete confirmation asks:
 * Cancel has the focus, so Enter right after the click cannot destroy anything by accident.
 */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";

/** Asks `message`; the danger button (`confirmLabel`) runs `onConfirm`, Cancel and Esc run `onClose`. */
export function TrashConfirm({
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
          <button type="button" className="btn" data-autofocus onClick={onClose}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-danger">
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="dialog-text">{message}</p>
    </Dialog>
  );
}
