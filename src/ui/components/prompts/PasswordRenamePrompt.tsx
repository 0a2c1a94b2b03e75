/** @module Password rename dialog (SPEC §2, §5): renames a file to '@'+password+'@#'+name; empty gives the original name. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CancelSubmitActions, Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { passwordRename } from "../../stores/operations";

/** Asks for the password of `path`. */
export function PasswordRenamePrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const submit = () => {
    closePrompt();
    void passwordRename(path, password.trim());
  };
  return (
    <Dialog
      label={t("prompts.passwordRename.title")}
      title={t("prompts.passwordRename.title")}
      onClose={closePrompt}
      onSubmit={submit}
      actions={<CancelSubmitActions onCancel={closePrompt} submitLabel={t("prompts.passwordRename.submit")} />}
    >
      <p className="dialog-text">{t("prompts.passwordRename.message")}</p>
      <label className="field">
        <span className="field-label">{t("prompts.passwordRename.label")}</span>
        <input className="input" type="password" autoComplete="new-password" data-autofocus value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
    </Dialog>
  );
}
