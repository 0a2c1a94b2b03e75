/**
 * @module Rename dialog (docs/product.md "Keyboard shortcuts", "Operations"): after a rename in the preview the view
 * goes to the new path.
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { NameDialog } from "../common/NameDialog";
import { closePrompt } from "../../stores/layout";
import { renameItem } from "../../stores/operations";
import { currentPath, reload } from "../../stores/current-resource";
import { clearSelection } from "../../stores/selection";
import { baseName } from "../../stores/transfer-rules";
import { filesRoute } from "../../format/encode-path";

/** Asks for the new name of `path`. */
export function RenamePrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const old = baseName(path);
  return (
    <NameDialog
      title={t("prompts.rename.title")}
      label={t("prompts.rename.label", { name: old })}
      submitLabel={t("prompts.rename.submit")}
      initial={old}
      onName={async (name) => {
        const open = currentPath() === path;
        const renamed = await renameItem(path, name);
        closePrompt();
        if (!renamed) return;
        if (open) navigate(filesRoute(renamed), { replace: true });
        else {
          clearSelection();
          await reload();
        }
      }}
    />
  );
}
