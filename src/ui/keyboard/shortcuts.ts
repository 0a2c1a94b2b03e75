/**
 * @module The one shortcut table: action -> keys -> when it applies (docs/product.md "Files view", "Preview",
 * "Editor").
 */
import { canOpenRename } from "../stores/operation-rules";

/** Actions a key can trigger. */
export type ShortcutAction =
  | "help"
  | "toggleTaskPanel"
  | "closeTaskPanel"
  | "save"
  | "closeEditor"
  | "rename"
  | "closePreview"
  | "previewPrev"
  | "previewNext"
  | "previewInfo"
  | "previewFullscreen"
  | "toggleSlideshow"
  | "previewZoomIn"
  | "previewZoomOut"
  | "videoPlayPause"
  | "videoSeekBack"
  | "videoSeekForward"
  | "videoSeekBackLong"
  | "videoSeekForwardLong"
  | "videoVolumeUp"
  | "videoVolumeDown"
  | "videoMute"
  | "download"
  | "clearSelection"
  | "deleteSelection"
  | "openSelection"
  | "selectAll"
  | "copy"
  | "cut"
  | "paste"
  | "selectNext"
  | "selectPrev"
  | "selectFirst"
  | "selectLast"
  | "search";

/** The sections of the help list, in the order shown. */
export const HELP_GROUPS = ["navigation", "selection", "files", "preview", "editor"] as const;
export type HelpGroup = (typeof HELP_GROUPS)[number];

/** What the keyboard dispatcher knows about the screen. Missing flags count as false. */
export interface ShortcutContext {
  view: "listing" | "preview" | "editor" | "other";
  /** Focus is in a text field (the editor counts). */
  inInput: boolean;
  /** A dialog is open (it handles its own keys). */
  promptOpen: boolean;
  selectedCount: number;
  canDelete: boolean;
  canRename?: boolean;
  canDownload?: boolean;
  canExecute?: boolean;
  /** The task panel is open (docs/product.md "Task panel": Esc and q close it before anything else). */
  taskPanelOpen?: boolean;
  /** The view is loading (docs/product.md "Keyboard shortcuts": F2 does nothing then). */
  loading?: boolean;
  /** Something is on the clipboard and may be pasted here. */
  canPaste?: boolean;
  /** The preview shows a video player (docs/product.md "Video player": its keys take Space, the arrows and m). */
  video?: boolean;
}

/** One row of the table. Keys use "Mod+" for Ctrl or Cmd. `group` is the help section where a key is first listed. */
export interface Shortcut {
  action: ShortcutAction;
  keys: string[];
  group: HelpGroup;
  when: (ctx: ShortcutContext) => boolean;
}

const free = (ctx: ShortcutContext) => !ctx.inInput && !ctx.promptOpen;
const inListing = (ctx: ShortcutContext) => free(ctx) && ctx.view === "listing";
const inPreview = (ctx: ShortcutContext) => free(ctx) && ctx.view === "preview";
// The editor's own keys work with focus in its text.
const inEditor = (ctx: ShortcutContext) => ctx.view === "editor" && !ctx.promptOpen;
const selected = (ctx: ShortcutContext) => inListing(ctx) && ctx.selectedCount > 0;
const inVideo = (ctx: ShortcutContext) => inPreview(ctx) && Boolean(ctx.video);

/**
 * Every shortcut, first match wins. Rows sharing a key apply to different views. The order also lays out the
 * help: a key is listed once, in the group of its first row, with every meaning it has.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: "help", keys: ["F1"], group: "navigation", when: (c) => !c.promptOpen },
  { action: "toggleTaskPanel", keys: ["F4", "t"], group: "navigation", when: (c) => free(c) && Boolean(c.canExecute) },
  {
    action: "closeTaskPanel",
    keys: ["Escape", "q"],
    group: "navigation",
    when: (c) => free(c) && Boolean(c.taskPanelOpen),
  },
  { action: "clearSelection", keys: ["Escape"], group: "navigation", when: inListing },
  // docs/product.md "Keyboard shortcuts": Ctrl+F opens the search panel (also from its own input, instead of the
  // browser's find).
  { action: "search", keys: ["Mod+f"], group: "navigation", when: (c) => !c.promptOpen && c.view === "listing" },
  { action: "closePreview", keys: ["Escape", "q"], group: "preview", when: inPreview },
  { action: "closeEditor", keys: ["Escape"], group: "editor", when: inEditor },
  { action: "selectAll", keys: ["Mod+a"], group: "selection", when: inListing },
  { action: "selectNext", keys: ["ArrowDown"], group: "selection", when: inListing },
  { action: "selectPrev", keys: ["ArrowUp"], group: "selection", when: inListing },
  { action: "selectFirst", keys: ["Home"], group: "selection", when: inListing },
  { action: "selectLast", keys: ["End"], group: "selection", when: inListing },
  { action: "openSelection", keys: ["Enter"], group: "files", when: (c) => inListing(c) && c.selectedCount === 1 },
  {
    action: "rename",
    keys: ["F2"],
    group: "files",
    when: (c) =>
      !c.promptOpen &&
      canOpenRename({
        canRename: Boolean(c.canRename),
        loading: Boolean(c.loading),
        view: c.view,
        selectedCount: c.selectedCount,
      }),
  },
  { action: "deleteSelection", keys: ["Delete"], group: "files", when: (c) => selected(c) && c.canDelete },
  { action: "copy", keys: ["Mod+c"], group: "files", when: selected },
  { action: "cut", keys: ["Mod+x"], group: "files", when: (c) => selected(c) && Boolean(c.canRename) },
  { action: "paste", keys: ["Mod+v"], group: "files", when: (c) => inListing(c) && Boolean(c.canPaste) },
  {
    action: "download",
    keys: ["Mod+s"],
    group: "files",
    when: (c) => (inPreview(c) || inListing(c)) && Boolean(c.canDownload),
  },
  { action: "save", keys: ["Mod+s"], group: "editor", when: inEditor },
  // docs/product.md "Video player" keys, before the other previews' rows for the same keys.
  { action: "videoPlayPause", keys: [" "], group: "preview", when: inVideo },
  { action: "videoSeekBack", keys: ["ArrowLeft"], group: "preview", when: inVideo },
  { action: "videoSeekForward", keys: ["ArrowRight"], group: "preview", when: inVideo },
  { action: "videoSeekBackLong", keys: ["Shift+ArrowLeft"], group: "preview", when: inVideo },
  { action: "videoSeekForwardLong", keys: ["Shift+ArrowRight"], group: "preview", when: inVideo },
  { action: "videoVolumeUp", keys: ["ArrowUp"], group: "preview", when: inVideo },
  { action: "videoVolumeDown", keys: ["ArrowDown"], group: "preview", when: inVideo },
  { action: "videoMute", keys: ["m"], group: "preview", when: inVideo },
  // A video takes the plain arrows (above): ctrl+left/right move it to the previous or next video.
  { action: "previewPrev", keys: ["ArrowLeft", "Mod+ArrowLeft"], group: "preview", when: inPreview },
  { action: "previewNext", keys: ["ArrowRight", "Mod+ArrowRight"], group: "preview", when: inPreview },
  { action: "previewInfo", keys: ["i"], group: "preview", when: inPreview },
  { action: "previewFullscreen", keys: ["f", "Enter"], group: "preview", when: inPreview },
  // docs/product.md "Image gallery": only the gallery handles it; other previews leave Space to the page.
  { action: "toggleSlideshow", keys: [" "], group: "preview", when: inPreview },
  // Image zoom: only the gallery handles them ("=" is "+" without shift on most layouts).
  { action: "previewZoomIn", keys: ["+", "="], group: "preview", when: inPreview },
  { action: "previewZoomOut", keys: ["-"], group: "preview", when: inPreview },
];

/** Keys the components handle themselves (CodeMirror's search and history in the editor), listed in the help only. */
export const COMPONENT_KEYS: ReadonlyArray<{ label: "editorFind" | "editorUndo"; keys: string[]; group: HelpGroup }> = [
  { label: "editorFind", keys: ["Mod+f"], group: "editor" },
  { label: "editorUndo", keys: ["Mod+z"], group: "editor" },
];

/**
 * Pointer gestures listed in the help beside the keys (docs/product.md "Keyboard shortcuts": other shortcuts), with
 * their section.
 */
export const POINTER_GESTURES = [
  { id: "click", group: "selection" },
  { id: "ctrlClick", group: "selection" },
  { id: "shiftClick", group: "selection" },
  { id: "doubleClick", group: "files" },
  { id: "rightClick", group: "files" },
  { id: "dragToFolder", group: "files" },
] as const;

/** The parts of a keyboard event the table reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Names a key press the way the table writes keys: "Mod+a", "Escape", "q". */
export function keyName(e: KeyPress): string {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return e.ctrlKey || e.metaKey ? `Mod+${key}` : key;
}

const MODIFIERS: Record<string, [pc: string, mac: string]> = { Mod: ["Ctrl", "⌘"], Shift: ["Shift", "⇧"] };

/**
 * Shows a table key to people: "Mod+s" -> "Ctrl+S" (or "⌘S" on a Mac), "Escape" -> "Esc", "ArrowLeft" -> "Left",
 * " " -> "Space".
 */
export function displayKey(key: string, mac = false): string {
  // The key itself may be "+" ("+", "Mod++"): the last "+" that is not the key separates the modifiers.
  const cut = key.length > 1 ? key.lastIndexOf("+", key.length - 2) : -1;
  const base = key.slice(cut + 1);
  const parts = cut < 0 ? [] : key.slice(0, cut).split("+");
  const shown =
    base === "Escape"
      ? "Esc"
      : base === " "
        ? "Space"
        : base.length === 1
          ? base.toUpperCase()
          : base.replace(/^Arrow/, "");
  const mods = parts.map((m) => MODIFIERS[m]?.[mac ? 1 : 0] ?? m);
  return mac ? `${mods.join("")}${shown}` : [...mods, shown].join("+");
}

/** Finds the action for a key press in the given context, or null. Alt chords never match. */
export function matchShortcut(e: KeyPress, ctx: ShortcutContext): ShortcutAction | null {
  if (e.altKey) return null;
  const name = keyName(e);
  // A "Shift+" row wins over the plain key's (shift+left seeks further in a video); without one, shift is ignored.
  const names = e.shiftKey ? [`Shift+${name}`, name] : [name];
  for (const n of names) {
    const hit = SHORTCUTS.find((s) => s.keys.includes(n) && s.when(ctx));
    if (hit) return hit.action;
  }
  return null;
}
