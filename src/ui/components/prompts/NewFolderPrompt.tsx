/**
 * @module New folder dialog: a trimmed name, created in the current folder, then opened (docs/product.md "Operations");
 * a taken name is told inline.
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { NameDialog } from "../common/NameDialog";
import { closePrompt } from "../../stores/layout";
import { makeFolder } from "../../stores/operations";
import { currentListing } from "../../stores/current-resource";
import { filesRoute } from "../../format/encode-path";

/** Asks for a folder name and navigates into the new folder. */
export function NewFolderPrompt() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <NameDialog
      title={t("prompts.newFolder.title")}
      label={t("prompts.newFolder.label")}
      submitLabel={t("prompts.newFolder.create")}
      onName={async (name) => {
        const created = await makeFolder(currentListing()?.path ?? "/", name);
        closePrompt();
        navigate(filesRoute(created));
      }}
    />
  );
}
