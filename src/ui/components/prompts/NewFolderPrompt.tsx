/** @module New folder dialog: a trimmed name, created in the current folder, then opened (SPEC §4 Operations). */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { cleanName, makeFolder } from "../../stores/operations";
import { currentListing } from "../../stores/request";
import { filesRoute } from "../../format/encode-path";

/** Asks for a folder name and navigates into the new folder. */
export function NewFolderPrompt() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  const submit = async () => {
    const name = cleanName(value);
    if (!name) {
      setInvalid(true);
      return;
    }
    const dir = currentListing()?.path ?? "/";
    closePrompt();
    const created = await makeFolder(dir, name);
    if (created) navigate(filesRoute(created));
  };
  return (
    <Dialog
      label={t("prompts.newFolder.title")}
      title={t("prompts.newFolder.title")}
      onClose={closePrompt}
      onSubmit={() => void submit()}
      actions={
        <>
          <button type="button" className="btn" onClick={closePrompt}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-primary">
            {t("prompts.newFolder.create")}
          </button>
        </>
      }
    >
      <label className="field">
        <span className="field-label">{t("prompts.newFolder.label")}</span>
        <input
          className="input"
          data-autofocus
          value={value}
          aria-invalid={invalid}
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
