/**
 * @module Single operations (docs/product.md "Operations"): delete, new folder, new file, rename, chmod, password
 * rename.
 */
import i18next from "i18next";
import { createFolder, deleteResource } from "../api/resources";
import {
  changeMode,
  createEmptyFile,
  moveResource,
  renameWithPassword,
  type ConflictPolicy,
} from "../api/resource-actions";
import { ApiError } from "../api/client";
import { joinPath, parentPath } from "../format/encode-path";
import { askConflict, withProgress } from "./layout";
import { reload } from "./current-resource";
import { clearSelection } from "./selection";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";
import { trackOperation } from "./op-progress";
import { offerUndo } from "./trash";
import { trashedItems } from "./trash-rules";
import { offerMoveUndo } from "./undo-changes";

function fail(err: unknown): null {
  notifyError(errorMessage(err));
  return null;
}

/**
 * Deletes the given paths one after another, then reloads the listing. What went to the trash is offered back in a
 * popup with Undo (docs/product.md "Trash"); a delete for good says "delete successfully". Returns whether all went
 * well.
 */
export async function deletePaths(paths: readonly string[], reloadAfter = true): Promise<boolean> {
  let ok = true;
  const answers: { path: string; trashId: string | null }[] = [];
  await withProgress(async () => {
    for (const path of paths) {
      try {
        answers.push({ path, trashId: await trackOperation((id) => deleteResource(path, id)) });
      } catch (err) {
        ok = false;
        fail(err);
      }
    }
  });
  clearSelection();
  const trashed = trashedItems(answers);
  if (trashed.length > 0) offerUndo(trashed, answers.length);
  else if (ok) notifySuccess(i18next.t("success.deleted"));
  if (reloadAfter) await reload();
  return ok;
}

/**
 * Creates a folder inside `dir` and returns its path (ending with "/") to navigate to.
 * @throws ApiError (409 when the name exists, 403...): the dialog tells it inline and stays open.
 */
export async function makeFolder(dir: string, name: string): Promise<string> {
  const path = joinPath(dir, name);
  await withProgress(() => createFolder(path));
  notifySuccess(i18next.t("success.folderCreated"));
  return `${path}/`;
}

/**
 * Creates an empty file inside `dir` and returns its path (to open in the editor).
 * @throws ApiError (409 when the name exists, 403...): the dialog tells it inline and stays open.
 */
export async function makeFile(dir: string, name: string): Promise<string> {
  const path = joinPath(dir, name);
  await withProgress(() => createEmptyFile(path));
  notifySuccess(i18next.t("success.fileCreated"));
  return path;
}

/**
 * Renames an item in its folder. A name that exists asks replace / keep both / cancel (that question
 * replaces the rename dialog, so a failure after it is a popup). The success popup offers Undo. Returns the new path (folders end with "/"),
 * or null when nothing changed.
 * @throws ApiError of the first attempt when it is not a conflict: the rename dialog tells it inline.
 */
export async function renameItem(path: string, newName: string): Promise<string | null> {
  const isDir = path.endsWith("/");
  const to = joinPath(parentPath(path), newName) + (isDir ? "/" : "");
  if (to === path) return null;
  const send = (policy: ConflictPolicy) => withProgress(() => moveResource(path, to, policy));
  // Keep both gives the item a free name the answer does not tell, so that rename offers no Undo.
  let undoable = true;
  try {
    await send("fail");
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
    const { choice } = await askConflict(newName, false);
    if (choice === "skip") return null;
    undoable = choice === "replace";
    try {
      await send(choice === "replace" ? "override" : "rename");
    } catch (again) {
      return fail(again);
    }
  }
  offerMoveUndo(i18next.t("success.renamed"), undoable ? [{ from: path, to }] : []);
  return to;
}

/** Changes the mode of each path (docs/product.md "Resource calls"), then reloads. Returns whether all went well. */
export async function chmodPaths(paths: readonly string[], mode: string, recursive: boolean): Promise<boolean> {
  let ok = true;
  await withProgress(async () => {
    for (const path of paths) {
      try {
        await changeMode(path, mode, recursive);
      } catch (err) {
        ok = false;
        fail(err);
      }
    }
  });
  if (ok) notifySuccess(i18next.t("success.chmod"));
  await reload();
  return ok;
}

/**
 * Renames a file with a password prefix (docs/product.md "Password-prefixed names"), then reloads. Folders are refused
 * with the message of docs/product.md "Task refusals".
 * @throws ApiError when the server refuses: the dialog tells it inline and stays open.
 */
export async function passwordRename(path: string, password: string): Promise<boolean> {
  if (path.endsWith("/")) {
    notifyError(i18next.t("messages.passwordRenameFolder"));
    return false;
  }
  await withProgress(() => renameWithPassword(path, password));
  notifySuccess(i18next.t("success.renamed"));
  clearSelection();
  await reload();
  return true;
}
