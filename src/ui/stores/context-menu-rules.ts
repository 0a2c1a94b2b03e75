/** @module Pure model of the listing context menu (SPEC §2 Listing: General, Task and File groups; §6 permissions). */
import type { Permissions } from "../auth/token";

/** Every entry of the menu. */
export type MenuItemId =
  | "reload"
  | "toggleTasks"
  | "copyName"
  | "copyLink"
  | "mediaInfo"
  | "info"
  | "makeTorrent"
  | "makeThumbnail"
  | "extractSubtitle"
  | "unarchive"
  | "passwordRename"
  | "rename"
  | "chmod"
  | "share"
  | "delete";

/** A group of entries and whether each can be used now. */
export interface MenuGroup {
  id: "general" | "task" | "file";
  items: { id: MenuItemId; enabled: boolean }[];
}

/** What the menu depends on: the user's permissions and how many items are selected. */
export interface MenuContext {
  perm: Permissions;
  selectedCount: number;
  /** The one selected item is a file (not a folder). */
  singleFile: boolean;
}

/**
 * The menu for a context. Task entries are disabled without the execute permission and, like the other
 * entries that act on one item, need exactly one selected (SPEC §5: one for torrent; the same for the other tasks,
 * whose target may be a folder, so a task is always about the item the user picked); each File entry needs its permission (SPEC §6); Share needs download too, as
 * the server does to create a link.
 */
export function contextMenuModel({ perm, selectedCount, singleFile }: MenuContext): MenuGroup[] {
  const can = (p: keyof Permissions) => perm.admin || perm[p];
  const one = selectedCount === 1;
  const some = selectedCount > 0;
  const task = can("execute");
  return [
    {
      id: "general",
      items: [
        { id: "reload", enabled: true },
        { id: "toggleTasks", enabled: task },
        { id: "copyName", enabled: one },
        { id: "copyLink", enabled: one && singleFile && can("download") },
        { id: "mediaInfo", enabled: one && singleFile && can("download") },
        { id: "info", enabled: true },
      ],
    },
    {
      id: "task",
      items: [
        { id: "makeTorrent", enabled: task && one },
        { id: "makeThumbnail", enabled: task && one },
        { id: "extractSubtitle", enabled: task && one },
        { id: "unarchive", enabled: task && one },
      ],
    },
    {
      id: "file",
      items: [
        { id: "passwordRename", enabled: one && can("rename") },
        { id: "rename", enabled: one && can("rename") },
        { id: "chmod", enabled: some && can("modify") },
        { id: "share", enabled: one && can("share") && can("download") },
        { id: "delete", enabled: some && can("delete") },
      ],
    },
  ];
}
