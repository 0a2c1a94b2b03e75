/**
 * @module Password rename dialog (docs/product.md "Password rename", "Password-prefixed names"): renames a file to
 * '@'+password+'@#'+name; empty gives the original name.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CancelSubmitActions, Dialog } from "../common/Dialog";
import { FieldError } from "../common/FieldError";
import { useAsyncSubmit } from "../common/useAsyncSubmit";
import { closePrompt } from "../../stores/layout";
import { passwordRename } from "../../stores/operations";

/** Asks for the password of `path`; a refusal (a taken name...) is told under the field and the dialog stays open. */
export function PasswordRenamePrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const { run, busy, error, clearError } = useAsyncSubmit();
  const errorId = useId();
  const submit = () =>
    void run(async () => {
      await passwordRename(path, password.trim());
      closePrompt();
    });
  return (
    <Dialog
      label={t("prompts.passwordRename.title")}
      title={t("prompts.passwordRename.title")}
      onClose={closePrompt}
      onSubmit={submit}
      actions={
        <CancelSubmitActions onCancel={closePrompt} submitLabel={t("prompts.passwordRename.submit")} disabled={busy} />
      }
    >
      <p className="dialog-text">{t("prompts.passwordRename.message")}</p>
      <label className="field">
        <span className="field-label">{t("prompts.passwordRename.label")}</span>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          data-autofocus
          value={password}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError();
          }}
        />
      </label>
      <FieldError id={errorId} message={error} />
    </Dialog>
  );
}
