/** @module The one shortcut table (STYLE rule 19): action -> keys -> when it applies (SPEC §2 Files view, Preview, Editor). */
import { canOpenRename } from "../stores/operation-rules";

/** Actions a key can trigger. */
export type ShortcutAction =
  | "help"
  | "toggleTaskPanel"
  | "save"
  | "rename"
  | "closePreview"
  | "previewPrev"
  | "previewNext"
  | "download"
  | "clearSelection"
  | "deleteSelection"
  | "openSelection"
  | "selectAll"
  | "copy"
  | "cut"
  | "paste"
  | "selectNext"
  | "selectPrev";

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
  /** The view is loading (SPEC: F2 does nothing then). */
  loading?: boolean;
  /** Something is on the clipboard and may be pasted here. */
  canPaste?: boolean;
}

/** One row of the table. Keys use "Mod+" for Ctrl or Cmd. */
export interface Shortcut {
  action: ShortcutAction;
  keys: string[];
  when: (ctx: ShortcutContext) => boolean;
}

const free = (ctx: ShortcutContext) => !ctx.inInput && !ctx.promptOpen;
const inListing = (ctx: ShortcutContext) => free(ctx) && ctx.view === "listing";
const inPreview = (ctx: ShortcutContext) => free(ctx) && ctx.view === "preview";
const selected = (ctx: ShortcutContext) => inListing(ctx) && ctx.selectedCount > 0;

/** Every shortcut, first match wins. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: "help", keys: ["F1"], when: (c) => !c.promptOpen },
  { action: "toggleTaskPanel", keys: ["F4", "t"], when: (c) => free(c) && Boolean(c.canExecute) },
  { action: "save", keys: ["Mod+s"], when: (c) => c.view === "editor" && !c.promptOpen },
  {
    action: "rename",
    keys: ["F2"],
    when: (c) =>
      !c.promptOpen && canOpenRename({ canRename: Boolean(c.canRename), loading: Boolean(c.loading), view: c.view, selectedCount: c.selectedCount }),
  },
  { action: "closePreview", keys: ["Escape", "q"], when: inPreview },
  { action: "previewPrev", keys: ["ArrowLeft"], when: inPreview },
  { action: "previewNext", keys: ["ArrowRight"], when: inPreview },
  { action: "download", keys: ["Mod+s"], when: (c) => (inPreview(c) || inListing(c)) && Boolean(c.canDownload) },
  { action: "clearSelection", keys: ["Escape"], when: inListing },
  { action: "deleteSelection", keys: ["Delete"], when: (c) => selected(c) && c.canDelete },
  { action: "openSelection", keys: ["Enter"], when: (c) => inListing(c) && c.selectedCount === 1 },
  { action: "selectAll", keys: ["Mod+a"], when: inListing },
  { action: "copy", keys: ["Mod+c"], when: selected },
  { action: "cut", keys: ["Mod+x"], when: (c) => selected(c) && Boolean(c.canRename) },
  { action: "paste", keys: ["Mod+v"], when: (c) => inListing(c) && Boolean(c.canPaste) },
  { action: "selectNext", keys: ["ArrowDown"], when: inListing },
  { action: "selectPrev", keys: ["ArrowUp"], when: inListing },
];

/** Pointer gestures listed in the help beside the keys (SPEC §2 Files view: other shortcuts). */
export const POINTER_GESTURES = ["click", "ctrlClick", "shiftClick", "doubleClick", "rightClick", "dragToFolder"] as const;

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

/** Shows a table key to people: "Mod+s" -> "Ctrl+S" (or "⌘S" on a Mac), "Escape" -> "Esc". */
export function displayKey(key: string, mac = false): string {
  const base = key.replace(/^Mod\+/, "");
  const shown = base === "Escape" ? "Esc" : base.length === 1 ? base.toUpperCase() : base.replace(/^Arrow/, "");
  if (!key.startsWith("Mod+")) return shown;
  return mac ? `⌘${shown}` : `Ctrl+${shown}`;
}

/** Finds the action for a key press in the given context, or null. Alt chords never match. */
export function matchShortcut(e: KeyPress, ctx: ShortcutContext): ShortcutAction | null {
  if (e.altKey) return null;
  const name = keyName(e);
  const hit = SHORTCUTS.find((s) => s.keys.includes(name) && s.when(ctx));
  return hit ? hit.action : null;
}
