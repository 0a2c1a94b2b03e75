/**
 * @module New file dialog: creates an empty file in the current folder, then opens it in the editor (docs/product.md
 * "Operations").
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { NameDialog } from "../common/NameDialog";
import { closePrompt } from "../../stores/layout";
import { makeFile } from "../../stores/operations";
import { currentListing } from "../../stores/current-resource";
import { filesRoute } from "../../format/encode-path";

/** Asks for a file name and opens the new file. */
export function NewFilePrompt() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <NameDialog
      title={t("prompts.newFile.title")}
      label={t("prompts.newFile.label")}
      submitLabel={t("prompts.newFile.create")}
      onName={async (name) => {
        const created = await makeFile(currentListing()?.path ?? "/", name);
        closePrompt();
        navigate(filesRoute(created));
      }}
    />
  );
}
