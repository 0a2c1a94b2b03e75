/** @module File operations of this milestone: delete, new folder and single-file download (SPEC §4 Operations). */
import i18next from "i18next";
import { createFolder, deleteResource } from "../api/resources";
import { downloadUrl } from "../api/urls";
import { joinPath } from "../format/encode-path";
import { currentToken } from "./auth";
import { withProgress } from "./layout";
import { reload } from "./request";
import { clearSelection } from "./selection";
import { notifyError, notifySuccess } from "../notify";

/** Trims a typed name and refuses empty names and names with a slash or only dots (SPEC §5 Names). */
export function cleanName(raw: string): string | null {
  const name = raw.trim();
  if (!name || name.includes("/") || name === "." || name === "..") return null;
  return name;
}

/** Deletes the given paths one after another, then reloads the listing. Returns whether all went well. */
export async function deletePaths(paths: readonly string[]): Promise<boolean> {
  let ok = true;
  await withProgress(async () => {
    for (const path of paths) {
      try {
        await deleteResource(path);
      } catch (err) {
        ok = false;
        notifyError((err as Error).message);
      }
    }
  });
  clearSelection();
  if (ok) notifySuccess(i18next.t("success.deleted"));
  await reload();
  return ok;
}

/**
 * Creates a folder inside `dir` and returns its path (ending with "/") to navigate to, or null when it
 * failed (the error is shown).
 */
export async function makeFolder(dir: string, name: string): Promise<string | null> {
  const path = joinPath(dir, name);
  try {
    await withProgress(() => createFolder(path));
    notifySuccess(i18next.t("success.folderCreated"));
    return `${path}/`;
  } catch (err) {
    notifyError((err as Error).message);
    return null;
  }
}

/** Starts the browser download of one file (the server answers it as an attachment). */
export function downloadFile(path: string): void {
  const token = currentToken();
  if (!token) return;
  const a = document.createElement("a");
  a.href = downloadUrl(path, token);
  a.download = "";
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}
