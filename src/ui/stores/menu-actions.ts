/** @module What each context-menu entry does (SPEC §2 Listing context menu, §5 validation messages, §8 texts). */
import i18next from "i18next";
import type { Resource } from "../api/resources";
import { externalLink } from "../api/urls";
import { ensureMediaToken } from "./media-tokens";
import { showPrompt, toggleTaskPanel } from "./layout";
import { reload } from "./request";
import type { MenuItemId } from "./context-menu-rules";
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

const VIDEO_OR_DIR = (i: Resource) => i.isDir || i.type === "video";

/** SPEC §5: the message that refuses a task for this item, or null when the task may run on it. */
export function taskRefusal(id: MenuItemId, item: Resource | undefined): string | null {
  if (!item) return null;
  if (id === "makeTorrent" && item.extension.toLowerCase() === ".torrent") return i18next.t("messages.torrentOfTorrent");
  if (id === "makeThumbnail" && !VIDEO_OR_DIR(item)) return i18next.t("messages.thumbnailVideoOnly");
  if (id === "extractSubtitle" && !VIDEO_OR_DIR(item)) return i18next.t("messages.subtitleVideoOnly");
  if (id === "unarchive" && (item.isDir || ["video", "audio", "image", "text", "textImmutable"].includes(item.type))) {
    return i18next.t("messages.notAnArchive");
  }
  return null;
}

/** Runs a menu entry on the selected items (or the folder on screen when none is selected). */
export async function runMenuAction(id: MenuItemId, selected: readonly Resource[]): Promise<void> {
  const one = selected.length === 1 ? selected[0] : undefined;
  const paths = selected.map((i) => i.path);
  switch (id) {
    case "reload":
      return reload();
    case "toggleTasks":
      return toggleTaskPanel();
    case "copyName":
      if (one) await copyText(one.name).then(() => notifySuccess(i18next.t("messages.nameCopied")), (e) => notifyError(errorMessage(e)));
      return;
    case "copyLink":
      // The link leaves the browser (an external player): its media token covers this one file only.
      if (one) await ensureMediaToken(one.path).then((token) => copyText(externalLink(one.path, token, window.location.origin))).then(() => notifySuccess(i18next.t("messages.externalLinkCopied")), (e) => notifyError(errorMessage(e)));
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
      // SPEC §5: the 'hey man' checks first; each task works on exactly one item (the menu enables it so).
      const refusal = taskRefusal(id, one);
      if (refusal) notifyError(refusal);
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
