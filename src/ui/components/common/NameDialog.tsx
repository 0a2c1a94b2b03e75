/**
 * @module A dialog that asks for one name (new folder, new file, rename): trimmed, no slashes (docs/product.md
 * "Names").
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CancelSubmitActions, Dialog } from "./Dialog";
import { FieldError } from "./FieldError";
import { useAsyncSubmit } from "./useAsyncSubmit";
import { closePrompt } from "../../stores/layout";
import { cleanName } from "../../stores/operation-rules";

/** Props: the title, field label, submit label, the starting value, and what to do with a valid name. */
export interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** Does the work and closes the dialog; a rejection (409 name exists...) is shown under the field instead. */
  onName: (name: string) => Promise<void>;
}

/** Shows the name field; an invalid name or a refused one shows an error under it and the dialog stays open. */
export function NameDialog({ title, label, submitLabel, initial = "", onName }: NameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const { run, busy, error, clearError } = useAsyncSubmit();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => {
    // Select the name without its extension, as file managers do on rename.
    const dot = initial.lastIndexOf(".");
    input.current?.setSelectionRange(0, dot > 0 ? dot : initial.length);
  }, [initial]);
  useEffect(() => {
    // After a refusal the name is selected again, ready to be typed over.
    if (error) input.current?.select();
  }, [error]);
  const submit = () => {
    const name = cleanName(value);
    if (!name) return setInvalid(true);
    void run(() => onName(name));
  };
  const message = invalid ? t("prompts.newFolder.invalid") : error;
  return (
    <Dialog
      label={title}
      title={title}
      onClose={closePrompt}
      onSubmit={submit}
      actions={<CancelSubmitActions onCancel={closePrompt} submitLabel={submitLabel} disabled={busy} />}
    >
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          ref={input}
          className="input"
          data-autofocus
          value={value}
          aria-invalid={message !== null}
          aria-describedby={message ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
            clearError();
          }}
        />
      </label>
      <FieldError id={errorId} message={message} />
    </Dialog>
  );
}
