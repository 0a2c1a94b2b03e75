/**
 * @module Move and copy dialogs (docs/product.md "Folder picker", "Operations"): pick a folder, then go there after the
 * transfer.
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { CancelSubmitActions, Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { useFolderPicker } from "../../stores/folder-picker";
import { canSubmitTo, pickerDestination } from "../../stores/folder-picker-rules";
import { currentListing } from "../../stores/current-resource";
import { transferItems } from "../../stores/transfer";
import { filesRoute } from "../../format/encode-path";
import { FolderPicker } from "./FolderPicker";

/** Moves or copies `paths` into the picked folder. */
export function MoveCopyPrompt({ kind, paths }: { kind: "move" | "copy"; paths: readonly string[] }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const picker = useFolderPicker();
  const current = currentListing()?.path ?? "/";
  const destination = pickerDestination(picker.browsing, picker.picked);
  const allowed = canSubmitTo(destination, current, paths) && !picker.loading;
  const title = t(kind === "move" ? "prompts.transfer.moveTitle" : "prompts.transfer.copyTitle");
  const submit = async () => {
    if (!allowed) return;
    closePrompt();
    const done = await transferItems(kind, paths, destination);
    if (done > 0) navigate(filesRoute(destination));
  };
  return (
    <Dialog
      label={title}
      title={title}
      onClose={closePrompt}
      onSubmit={() => void submit()}
      actions={
        <CancelSubmitActions
          onCancel={closePrompt}
          submitLabel={t(kind === "move" ? "prompts.transfer.move" : "prompts.transfer.copy")}
          disabled={!allowed}
        />
      }
    >
      <p className="dialog-text">{t("prompts.transfer.message", { count: paths.length })}</p>
      <FolderPicker start={current} />
    </Dialog>
  );
}
