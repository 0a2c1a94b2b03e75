/**
 * @module "Restore to…" of the Trash page (docs/product.md "Trash"): the folder picker of Move and Copy, starting in the
 * folder the item was deleted from (or the scope's root when that folder is gone), then the restore into the pick.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CancelSubmitActions, Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { useFolderPicker } from "../../stores/folder-picker";
import { pickerDestination } from "../../stores/folder-picker-rules";
import { restoreEntry } from "../../stores/trash";
import type { TrashItem } from "../../api/trash";
import { FolderPicker } from "./FolderPicker";

/** Restores a trash entry into the picked folder. */
export function RestoreToPrompt({ item }: { item: TrashItem }) {
  const { t } = useTranslation();
  const picker = useFolderPicker();
  const [start, setStart] = useState(item.dir);
  // The folder the item came from may be gone since: the picker then starts at the root of the scope.
  useEffect(() => {
    if (picker.error && picker.browsing === start && start !== "/") setStart("/");
  }, [picker.error, picker.browsing, start]);
  const destination = pickerDestination(picker.browsing, picker.picked);
  const ready = !picker.loading && picker.error === null;
  const title = t("trash.restoreToTitle");
  const submit = () => {
    if (!ready) return;
    closePrompt();
    void restoreEntry(item, destination);
  };
  return (
    <Dialog
      label={title}
      title={title}
      onClose={closePrompt}
      onSubmit={submit}
      actions={<CancelSubmitActions onCancel={closePrompt} submitLabel={t("trash.restore")} disabled={!ready} />}
    >
      <p className="dialog-text">{t("trash.restoreToMessage", { name: item.name })}</p>
      <FolderPicker start={start} />
    </Dialog>
  );
}
