/** @module A dialog that asks for one name (new folder, new file, rename): trimmed, no slashes (SPEC §5 Names). */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CancelSubmitActions, Dialog } from "./Dialog";
import { closePrompt } from "../../stores/layout";
import { cleanName } from "../../stores/operation-rules";

/** Props: the title, field label, submit label, the starting value, and what to do with a valid name. */
export interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  onName: (name: string) => void;
}

/** Shows the name field; an invalid name shows an error instead of submitting. */
export function NameDialog({ title, label, submitLabel, initial = "", onName }: NameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Select the name without its extension, as file managers do on rename.
    const dot = initial.lastIndexOf(".");
    input.current?.setSelectionRange(0, dot > 0 ? dot : initial.length);
  }, [initial]);
  const submit = () => {
    const name = cleanName(value);
    if (!name) return setInvalid(true);
    onName(name);
  };
  return (
    <Dialog
      label={title}
      title={title}
      onClose={closePrompt}
      onSubmit={submit}
      actions={<CancelSubmitActions onCancel={closePrompt} submitLabel={submitLabel} />}
    >
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          ref={input}
          className="input"
          data-autofocus
          value={value}
          aria-invalid={invalid}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
          }}
        />
        {invalid && <span className="field-error">{t("prompts.newFolder.invalid")}</span>}
      </label>
    </Dialog>
  );
}
