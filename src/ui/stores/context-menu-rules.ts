/**
 * @module Pure model of the listing's action menus (docs/product.md "Context menu", "Task targets",
 * "Roles and permissions"):
 * the right-click menu, the long-press sheet and the selection bar's More menu all render it.
 */
import type { Permissions } from "../auth/token";

/** Every entry of the menus. */
export type MenuItemId =
  | "open"
  | "download"
  | "copy"
  | "cut"
  | "move"
  | "rename"
  | "share"
  | "delete"
  | "info"
  | "copyName"
  | "copyLink"
  | "mediaInfo"
  | "passwordRename"
  | "chmod"
  | "makeTorrent"
  | "makeThumbnail"
  | "extractSubtitle"
  | "unarchive"
  | "newFolder"
  | "newFile"
  | "upload"
  | "paste"
  | "reload"
  | "toggleTasks";

/** Why an entry is disabled though the user may use it (an i18n key under `menu.why`); shown as its tooltip. */
export type MenuReason = "videoOrFolder" | "archiveOnly" | "notTorrent" | "mediaOnly" | "fileOnly" | "oneItem";

/** One entry and whether it can be used now. */
export interface MenuEntry {
  id: MenuItemId;
  enabled: boolean;
  reason?: MenuReason;
}

/** A group of entries; groups are shown with separators between them. */
export interface MenuGroup {
  id: "item" | "more" | "task" | "folder" | "general";
  items: MenuEntry[];
}

/** What an entry needs to know of a selected item (a subset of the listing's Resource). */
export interface MenuTarget {
  name: string;
  isDir: boolean;
  type: string;
  extension: string;
}

/** What the menu depends on: the permissions, the selected items (none: the menu is about the folder) and the clipboard. */
export interface MenuContext {
  perm: Permissions;
  selected: readonly MenuTarget[];
  /** The clipboard holds items the user may paste here. */
  canPaste: boolean;
}

/** Entries the selection bar shows as its own buttons; its More menu holds the rest of the item menu. */
export const SELECTION_BAR_ENTRIES: readonly MenuItemId[] = ["rename", "move", "delete", "download", "share", "info"];

/** Names of the volumes of a split archive (`.001`, `.part2.rar`, `.z01`, `.r00`): the task takes them whatever their type. */
const VOLUME_NAME = [/\.\d{3,}$/, /\.part\d+\.rar$/i, /\.[zr]\d{2,}$/i];

/**
 * Whether a task fits the item, as the server's task kinds decide (src/tasks/kinds): thumbnails and subtitles need a
 * video or a folder, unarchive an archive (or a volume of a split one), make torrent anything but a .torrent file.
 */
export function taskFit(
  id: "makeTorrent" | "makeThumbnail" | "extractSubtitle" | "unarchive",
  item: MenuTarget,
): MenuReason | null {
  switch (id) {
    case "makeTorrent":
      return !item.isDir && item.extension.toLowerCase() === ".torrent" ? "notTorrent" : null;
    case "makeThumbnail":
    case "extractSubtitle":
      return item.isDir || item.type === "video" ? null : "videoOrFolder";
    case "unarchive":
      return !item.isDir && (item.type === "archive" || VOLUME_NAME.some((re) => re.test(item.name)))
        ? null
        : "archiveOnly";
  }
}

/** An entry that needs exactly one item fitting `fit`; without the permission it is plainly disabled. */
function single(
  id: MenuItemId,
  allowed: boolean,
  selected: readonly MenuTarget[],
  fit: (item: MenuTarget) => MenuReason | null = () => null,
): MenuEntry {
  if (!allowed) return { id, enabled: false };
  if (selected.length !== 1) return { id, enabled: false, reason: "oneItem" };
  const reason = fit(selected[0]);
  return reason ? { id, enabled: false, reason } : { id, enabled: true };
}

/**
 * The menu for a context. With items selected: the common file actions first (Open, Download, Copy, Cut, Move,
 * Rename, Share, Delete, Info), then the other entries of docs/product.md "Context menu", the tasks, and Reload List
 * and Toggle Task Panel last. With nothing selected (empty space): New folder, New file, Upload, Paste, the folder's
 * Info, then the same last group. Each entry needs its permission (docs/product.md "Roles and permissions"; Share needs
 * download too, as the server does to create a link); tasks need execute and one item of a type the task accepts, and
 * say why otherwise.
 */
export function contextMenuModel({ perm, selected, canPaste }: MenuContext): MenuGroup[] {
  const can = (p: keyof Permissions) => perm.admin || perm[p];
  const some = selected.length > 0;
  const task = can("execute");
  const file = (item: MenuTarget): MenuReason | null => (item.isDir ? "fileOnly" : null);
  const media = (item: MenuTarget): MenuReason | null =>
    item.type === "video" || item.type === "audio" ? null : "mediaOnly";
  const general: MenuGroup = {
    id: "general",
    items: [
      { id: "reload", enabled: true },
      { id: "toggleTasks", enabled: task },
    ],
  };
  if (!some) {
    return [
      {
        id: "folder",
        items: [
          { id: "newFolder", enabled: can("create") },
          { id: "newFile", enabled: can("create") },
          { id: "upload", enabled: can("create") },
          { id: "paste", enabled: canPaste },
          { id: "info", enabled: true },
        ],
      },
      general,
    ];
  }
  return [
    {
      id: "item",
      items: [
        single("open", true, selected),
        { id: "download", enabled: can("download") },
        { id: "copy", enabled: can("create") },
        { id: "cut", enabled: can("rename") },
        { id: "move", enabled: can("rename") },
        single("rename", can("rename"), selected),
        single("share", can("share") && can("download"), selected),
        { id: "delete", enabled: can("delete") },
        { id: "info", enabled: true },
      ],
    },
    {
      id: "more",
      items: [
        single("copyName", true, selected),
        single("copyLink", can("download"), selected, file),
        single("mediaInfo", can("download"), selected, media),
        single("passwordRename", can("rename"), selected, file),
        { id: "chmod", enabled: can("modify") },
      ],
    },
    {
      id: "task",
      items: (["makeTorrent", "makeThumbnail", "extractSubtitle", "unarchive"] as const).map((id) =>
        single(id, task, selected, (item) => taskFit(id, item)),
      ),
    },
    general,
  ];
}

/** The item menu without the entries the selection bar shows as buttons (the bar's More menu). */
export function moreMenuModel(groups: readonly MenuGroup[]): MenuGroup[] {
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => !SELECTION_BAR_ENTRIES.includes(i.id)) }))
    .filter((g) => g.items.length > 0);
}
