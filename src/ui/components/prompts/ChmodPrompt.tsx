/**
 * @module Chmod dialog (docs/product.md "Chmod", "Chmod mode"): at most 3 octal characters, default 777, recursive on
 * by default.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CancelSubmitActions, Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { chmodPaths } from "../../stores/operations";
import { isValidMode, sanitizeMode } from "../../stores/operation-rules";

/** The chmod dialog starts with this mode (docs/product.md "Task defaults"). */
const CHMOD_DEFAULT_MODE = "777";

/** Changes the mode of `paths`. The field keeps octal digits only, at most three (sanitizeMode). */
export function ChmodPrompt({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState(CHMOD_DEFAULT_MODE);
  const [recursive, setRecursive] = useState(true);
  const valid = isValidMode(mode);
  const hasFolder = paths.some((p) => p.endsWith("/"));
  const submit = () => {
    if (!valid) return;
    closePrompt();
    void chmodPaths(paths, mode.trim(), recursive && hasFolder);
  };
  return (
    <Dialog
      label={t("prompts.chmod.title")}
      title={t("prompts.chmod.title")}
      onClose={closePrompt}
      onSubmit={submit}
      actions={<CancelSubmitActions onCancel={closePrompt} submitLabel={t("prompts.chmod.submit")} disabled={!valid} />}
    >
      <label className="field">
        <span className="field-label">{t("prompts.chmod.label")}</span>
        <input
          className="input input-mono"
          data-autofocus
          inputMode="numeric"
          value={mode}
          aria-invalid={!valid}
          onChange={(e) => setMode(sanitizeMode(e.target.value))}
        />
        <span className="muted field-hint">{t("prompts.chmod.hint")}</span>
      </label>
      {hasFolder && (
        <label className="check">
          <input type="checkbox" checked={recursive} onChange={(e) => setRecursive(e.target.checked)} />
          <span>{t("prompts.chmod.recursive")}</span>
        </label>
      )}
    </Dialog>
  );
}
