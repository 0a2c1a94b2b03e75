/**
 * @module What each entry of the listing's menus does (docs/product.md "Context menu", "Task targets", "Task
 * refusals").
 */
import i18next from "i18next";
import type { Resource } from "../api/resources";
import { externalLink } from "../api/urls";
import { ensureMediaToken } from "./media-tokens";
import { showPrompt, toggleTaskPanel } from "./layout";
import { reload } from "./current-resource";
import { taskFit, type MenuItemId } from "./context-menu-rules";
import { copyToClipboard, cutToClipboard, pasteIntoCurrentFolder } from "./clipboard";
import { downloadSelection } from "./download";
import { uploadFiles } from "./upload";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";

/** Copies text to the system clipboard, with the old textarea way where the async API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  // Behind a modal everything outside the dialog is inert: the helper field goes inside the open dialog then.
  const host = document.activeElement?.closest("dialog, [role=dialog]") ?? document.body;
  host.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error(i18next.t("messages.copyFailed"));
}

/** What an entry needs beyond the selection: how to open an item, the folder on screen and its names (uploads). */
export interface MenuEnv {
  open?: (item: Resource) => void;
  dir?: string;
  existing?: () => string[];
}

/** Opens the system file picker and uploads the picked files into `dir` (the menu's Upload entry). */
function pickAndUpload(dir: string, existing: () => string[]): void {
  const input = document.createElement("input");
  input.type = "file";
  input.multiple = true;
  input.addEventListener(
    "change",
    () => void uploadFiles(dir, input.files ? Array.from(input.files) : [], existing()),
    { once: true },
  );
  input.click();
}

/** Runs a menu entry on the selected items (or the folder on screen when none is selected). */
export async function runMenuAction(id: MenuItemId, selected: readonly Resource[], env: MenuEnv = {}): Promise<void> {
  const one = selected.length === 1 ? selected[0] : undefined;
  const paths = selected.map((i) => i.path);
  switch (id) {
    case "open":
      if (one) env.open?.(one);
      return;
    case "download":
      if (selected.length && env.dir !== undefined) downloadSelection(selected, env.dir);
      return;
    case "copy":
      return copyToClipboard(paths);
    case "cut":
      return cutToClipboard(paths);
    case "move":
      return showPrompt({ kind: "move", paths });
    case "newFolder":
      return showPrompt({ kind: "newFolder" });
    case "newFile":
      return showPrompt({ kind: "newFile" });
    case "upload":
      if (env.dir !== undefined) pickAndUpload(env.dir, env.existing ?? (() => []));
      return;
    case "paste":
      return pasteIntoCurrentFolder();
    case "reload":
      return reload();
    case "toggleTasks":
      return toggleTaskPanel();
    case "copyName":
      if (one)
        await copyText(one.name).then(
          () => notifySuccess(i18next.t("messages.nameCopied")),
          (e) => notifyError(errorMessage(e)),
        );
      return;
    case "copyLink":
      // The link leaves the browser (an external player): its media token covers this one file only.
      if (one)
        await ensureMediaToken(one.path)
          .then((token) => copyText(externalLink(one.path, token, window.location.origin)))
          .then(
            () => notifySuccess(i18next.t("messages.externalLinkCopied")),
            (e) => notifyError(errorMessage(e)),
          );
      return;
    case "mediaInfo":
      if (one && (one.type === "video" || one.type === "audio")) showPrompt({ kind: "mediaInfo", path: one.path });
      else notifyError(i18next.t("messages.mediaInfoOnly"));
      return;
    case "info":
      return showPrompt({ kind: "info", paths });
    case "makeTorrent":
    case "makeThumbnail":
    case "extractSubtitle":
    case "unarchive": {
      // The menu disables a task that does not fit; this guards the other ways in with the same sentence.
      const reason = one ? taskFit(id, one) : "oneItem";
      if (reason) notifyError(i18next.t(`menu.why.${reason}`));
      else if (one) showPrompt({ kind: id, path: one.path });
      return;
    }
    case "passwordRename":
      if (one?.isDir) notifyError(i18next.t("messages.passwordRenameFolder"));
      else if (one) showPrompt({ kind: "passwordRename", path: one.path });
      return;
    case "rename":
      if (one) showPrompt({ kind: "rename", path: one.path });
      return;
    case "chmod":
      return showPrompt({ kind: "chmod", paths });
    case "share":
      if (one) showPrompt({ kind: "share", path: one.path });
      return;
    case "delete":
      return showPrompt({ kind: "delete", paths });
  }
}
