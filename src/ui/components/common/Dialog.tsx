/** @module Modal dialog on the native <dialog> element: focus trap, Esc and the top layer come from the browser. */
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Props of a dialog: its accessible name, body, buttons and what closing (Esc, Cancel) does. */
export interface DialogProps {
  label: string;
  title: string;
  onClose: () => void;
  onSubmit?: () => void;
  children?: ReactNode;
  actions: ReactNode;
  /** Wider on large screens (File info: a checksum beside its copy button). */
  wide?: boolean;
}

/** A modal dialog with a title, content and an action row; submitting its form runs `onSubmit`. */
export function Dialog({ label, title, onClose, onSubmit, children, actions, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    // The browser focuses the first control; the dialog's main control (data-autofocus) is the better start.
    el?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => el?.close();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  return (
    <dialog
      ref={ref}
      className={wide ? "dialog dialog-wide" : "dialog"}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <form className="dialog-body" onSubmit={submit}>
        <h2 className="dialog-title">{title}</h2>
        {children}
        <div className="dialog-actions">{actions}</div>
      </form>
    </dialog>
  );
}

/** The usual action row: Cancel (runs `onCancel`) and the submit button of the dialog's form. */
export function CancelSubmitActions({
  onCancel,
  submitLabel,
  disabled = false,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        {t("prompts.cancel")}
      </button>
      <button
        type="submit"
        className={`btn ${danger ? "btn-danger" : "btn-primary"}`}
        disabled={disabled}
        data-autofocus={danger ? true : undefined}
      >
        {submitLabel}
      </button>
    </>
  );
}
