/** @module The one shortcut table (STYLE rule 19): action -> keys -> when it applies (SPEC §2 Files view, Preview). */

/** Actions a key can trigger. */
export type ShortcutAction =
  | "closePreview"
  | "previewPrev"
  | "previewNext"
  | "clearSelection"
  | "deleteSelection"
  | "openSelection"
  | "selectAll"
  | "download"
  | "selectNext"
  | "selectPrev";

/** What the keyboard dispatcher knows about the screen. */
export interface ShortcutContext {
  view: "listing" | "preview" | "other";
  /** Focus is in a text field. */
  inInput: boolean;
  /** A dialog is open (it handles its own keys). */
  promptOpen: boolean;
  selectedCount: number;
  canDelete: boolean;
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

/** Every shortcut, first match wins. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: "closePreview", keys: ["Escape", "q"], when: inPreview },
  { action: "previewPrev", keys: ["ArrowLeft"], when: inPreview },
  { action: "previewNext", keys: ["ArrowRight"], when: inPreview },
  { action: "download", keys: ["Mod+s"], when: (c) => inPreview(c) || (inListing(c) && c.selectedCount === 1) },
  { action: "clearSelection", keys: ["Escape"], when: inListing },
  { action: "deleteSelection", keys: ["Delete"], when: (c) => inListing(c) && c.selectedCount > 0 && c.canDelete },
  { action: "openSelection", keys: ["Enter"], when: (c) => inListing(c) && c.selectedCount === 1 },
  { action: "selectAll", keys: ["Mod+a"], when: inListing },
  { action: "selectNext", keys: ["ArrowDown"], when: inListing },
  { action: "selectPrev", keys: ["ArrowUp"], when: inListing },
];

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

/** Finds the action for a key press in the given context, or null. Alt chords never match. */
export function matchShortcut(e: KeyPress, ctx: ShortcutContext): ShortcutAction | null {
  if (e.altKey) return null;
  const name = keyName(e);
  const hit = SHORTCUTS.find((s) => s.keys.includes(name) && s.when(ctx));
  return hit ? hit.action : null;
}
