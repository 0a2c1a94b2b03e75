/**
 * @module The Undo of a rename, a move and an upload that replaced files (docs/product.md "Trash", "Versions"): a
 * popup with Undo for a while after each; Undo moves the items back, or writes back each replaced file's newest
 * version.
 */
import i18next from "i18next";
import { moveResource } from "../api/resource-actions";
import { fetchVersions, restoreVersion } from "../api/versions";
import { errorMessage } from "../api/errors";
import { notifyError, notifySuccess, notifyWithAction } from "../notify";
import { reload } from "./current-resource";
import { withProgress } from "./layout";

/** How long the popup with Undo stays, as after a delete (docs/product.md "Trash"). */
const UNDO_POPUP_MS = 10_000;

/** One item moved or renamed: where it was and where it is now. */
export interface MovedItem {
  from: string;
  to: string;
}

/**
 * Moves each item back to where it was, never over anything (a name taken there meanwhile is a 409, shown as the
 * error popup), then reloads and says "Moved back" when any went back.
 */
async function moveBack(items: readonly MovedItem[]): Promise<void> {
  let back = 0;
  await withProgress(async () => {
    for (const { from, to } of items) {
      try {
        await moveResource(to, from, "fail");
        back++;
      } catch (err) {
        notifyError(errorMessage(err));
      }
    }
  });
  await reload();
  if (back > 0) notifySuccess(i18next.t("undo.movedBack"));
}

/** Writes back the newest version of each file, the content the upload replaced; then reloads. */
async function restoreReplaced(paths: readonly string[]): Promise<void> {
  let restored = 0;
  await withProgress(async () => {
    for (const path of paths) {
      try {
        const newest = (await fetchVersions(path)).items[0];
        if (!newest) continue;
        await restoreVersion(newest.id);
        restored++;
      } catch (err) {
        notifyError(errorMessage(err));
      }
    }
  });
  await reload();
  if (restored > 0) notifySuccess(i18next.t("undo.replacedBack"));
}

/** The success popup of a rename or move (`message`), with Undo when the items' new paths are known. */
export function offerMoveUndo(message: string, items: readonly MovedItem[]): void {
  if (items.length === 0) {
    notifySuccess(message);
    return;
  }
  const moved = items.map((i) => ({ ...i }));
  notifyWithAction(
    message,
    { label: i18next.t("trash.undo.action"), onClick: () => void moveBack(moved) },
    UNDO_POPUP_MS,
  );
}

/** The popup after an upload that replaced files: "Replaced N file(s)" with Undo. */
export function offerReplaceUndo(paths: readonly string[]): void {
  const replaced = [...paths];
  notifyWithAction(
    i18next.t("undo.replaced", { count: replaced.length }),
    { label: i18next.t("trash.undo.action"), onClick: () => void restoreReplaced(replaced) },
    UNDO_POPUP_MS,
  );
}
