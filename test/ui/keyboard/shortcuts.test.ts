import { describe, expect, it } from "bun:test";
import {
  displayKey,
  keyName,
  matchShortcut,
  SHORTCUTS,
  type ShortcutContext,
} from "../../../src/ui/keyboard/shortcuts";

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});
const listing: ShortcutContext = {
  view: "listing",
  inInput: false,
  promptOpen: false,
  selectedCount: 1,
  canDelete: true,
  canRename: true,
  canDownload: true,
  canPaste: true,
};
const preview: ShortcutContext = { ...listing, view: "preview", selectedCount: 0 };

describe("shortcut table", () => {
  it("Home and End select the first and the last item of a listing, and are left to text fields and previews", () => {
    expect(matchShortcut(key("Home"), listing)).toBe("selectFirst");
    expect(matchShortcut(key("End"), listing)).toBe("selectLast");
    expect(matchShortcut(key("End"), { ...listing, inInput: true })).toBeNull();
    expect(matchShortcut(key("End"), { ...listing, promptOpen: true })).toBeNull();
    expect(matchShortcut(key("Home"), preview)).toBeNull();
  });

  it("names keys with Mod for ctrl or cmd", () => {
    expect(keyName(key("A", { ctrlKey: true }))).toBe("Mod+a");
    expect(keyName(key("s", { metaKey: true }))).toBe("Mod+s");
    expect(keyName(key("Escape"))).toBe("Escape");
  });

  it("in the listing: Esc clears, Delete deletes, Enter opens, Ctrl+A selects all", () => {
    expect(matchShortcut(key("Escape"), listing)).toBe("clearSelection");
    expect(matchShortcut(key("Delete"), listing)).toBe("deleteSelection");
    expect(matchShortcut(key("Enter"), listing)).toBe("openSelection");
    expect(matchShortcut(key("a", { ctrlKey: true }), listing)).toBe("selectAll");
    expect(matchShortcut(key("s", { metaKey: true }), listing)).toBe("download");
  });

  it("Delete needs a selection and the delete permission; Enter needs exactly one", () => {
    expect(matchShortcut(key("Delete"), { ...listing, selectedCount: 0 })).toBeNull();
    expect(matchShortcut(key("Delete"), { ...listing, canDelete: false })).toBeNull();
    expect(matchShortcut(key("Enter"), { ...listing, selectedCount: 2 })).toBeNull();
  });

  it("in the preview: arrows move, Esc and q close", () => {
    expect(matchShortcut(key("ArrowLeft"), preview)).toBe("previewPrev");
    expect(matchShortcut(key("ArrowRight"), preview)).toBe("previewNext");
    expect(matchShortcut(key("Escape"), preview)).toBe("closePreview");
    expect(matchShortcut(key("q"), preview)).toBe("closePreview");
  });

  it("in a video: Space, arrows (shift: the long step), ctrl+arrows, m; images keep their Space and arrows", () => {
    const video = { ...preview, video: true };
    expect(matchShortcut(key(" "), video)).toBe("videoPlayPause");
    expect(matchShortcut(key("ArrowLeft"), video)).toBe("videoSeekBack");
    expect(matchShortcut(key("ArrowRight"), video)).toBe("videoSeekForward");
    expect(matchShortcut(key("ArrowLeft", { shiftKey: true }), video)).toBe("videoSeekBackLong");
    expect(matchShortcut(key("ArrowRight", { shiftKey: true }), video)).toBe("videoSeekForwardLong");
    expect(matchShortcut(key("ArrowLeft", { ctrlKey: true }), video)).toBe("previewPrev");
    expect(matchShortcut(key("ArrowRight", { ctrlKey: true }), video)).toBe("previewNext");
    expect(matchShortcut(key("ArrowUp"), video)).toBe("videoVolumeUp");
    expect(matchShortcut(key("ArrowDown"), video)).toBe("videoVolumeDown");
    expect(matchShortcut(key("M", { shiftKey: true }), video)).toBe("videoMute");
    expect(matchShortcut(key("f"), video)).toBe("previewFullscreen");
    expect(matchShortcut(key("q"), video)).toBe("closePreview");
    expect(matchShortcut(key(" "), preview)).toBe("toggleSlideshow");
    expect(matchShortcut(key("ArrowLeft", { shiftKey: true }), preview)).toBe("previewPrev");
    expect(matchShortcut(key("ArrowUp"), preview)).toBeNull();
    expect(matchShortcut(key("m"), preview)).toBeNull();
    expect(matchShortcut(key(" "), { ...video, inInput: true })).toBeNull();
  });

  it("stands down while typing, while a dialog is open, and for alt chords", () => {
    expect(matchShortcut(key("Delete"), { ...listing, inInput: true })).toBeNull();
    expect(matchShortcut(key("q"), { ...preview, inInput: true })).toBeNull();
    expect(matchShortcut(key("Escape"), { ...listing, promptOpen: true })).toBeNull();
    expect(matchShortcut(key("Escape", { altKey: true }), listing)).toBeNull();
  });

  it("F1 opens help anywhere but over a dialog, also while typing", () => {
    expect(matchShortcut(key("F1"), listing)).toBe("help");
    expect(matchShortcut(key("F1"), { ...listing, view: "editor", inInput: true })).toBe("help");
    expect(matchShortcut(key("F1"), { ...listing, promptOpen: true })).toBeNull();
  });

  it("F2 renames one listed item or the previewed file, never in the editor or while loading", () => {
    expect(matchShortcut(key("F2"), listing)).toBe("rename");
    expect(matchShortcut(key("F2"), { ...listing, selectedCount: 2 })).toBeNull();
    expect(matchShortcut(key("F2"), { ...listing, canRename: false })).toBeNull();
    expect(matchShortcut(key("F2"), { ...listing, loading: true })).toBeNull();
    expect(matchShortcut(key("F2"), { ...preview, selectedCount: 0 })).toBe("rename");
    expect(matchShortcut(key("F2"), { ...listing, view: "editor" })).toBeNull();
  });

  it("Ctrl+C, Ctrl+X and Ctrl+V work on the listing's selection and clipboard", () => {
    expect(matchShortcut(key("c", { ctrlKey: true }), listing)).toBe("copy");
    expect(matchShortcut(key("x", { ctrlKey: true }), listing)).toBe("cut");
    expect(matchShortcut(key("v", { ctrlKey: true }), listing)).toBe("paste");
    expect(matchShortcut(key("c", { ctrlKey: true }), { ...listing, selectedCount: 0 })).toBeNull();
    expect(matchShortcut(key("x", { ctrlKey: true }), { ...listing, canRename: false })).toBeNull();
    expect(matchShortcut(key("v", { ctrlKey: true }), { ...listing, canPaste: false })).toBeNull();
    expect(matchShortcut(key("c", { ctrlKey: true }), { ...listing, inInput: true })).toBeNull();
  });

  it("Ctrl+S saves in the editor, even with focus in the text, and downloads elsewhere", () => {
    expect(matchShortcut(key("s", { ctrlKey: true }), { ...listing, view: "editor", inInput: true })).toBe("save");
    expect(matchShortcut(key("s", { ctrlKey: true }), { ...listing, selectedCount: 0 })).toBe("download");
    expect(matchShortcut(key("s", { ctrlKey: true }), { ...listing, canDownload: false })).toBeNull();
  });

  it("Esc closes the editor, even with focus in the text, but not over a dialog", () => {
    const editor: ShortcutContext = { ...listing, view: "editor", inInput: true, selectedCount: 0 };
    expect(matchShortcut(key("Escape"), editor)).toBe("closeEditor");
    expect(matchShortcut(key("Escape"), { ...editor, promptOpen: true })).toBeNull();
  });

  it("in the preview: i shows the file information, f and Enter go full screen", () => {
    expect(matchShortcut(key("i"), preview)).toBe("previewInfo");
    expect(matchShortcut(key("f"), preview)).toBe("previewFullscreen");
    expect(matchShortcut(key("Enter"), preview)).toBe("previewFullscreen");
    expect(matchShortcut(key("Enter"), listing)).toBe("openSelection");
    expect(matchShortcut(key("i"), listing)).toBeNull();
  });

  it("in the preview: Space toggles the slideshow, not in the listing nor in a text field", () => {
    expect(matchShortcut(key(" "), preview)).toBe("toggleSlideshow");
    expect(matchShortcut(key(" "), listing)).toBeNull();
    expect(matchShortcut(key(" "), { ...preview, inInput: true })).toBeNull();
  });

  it("F4 and t toggle the task panel only with execute", () => {
    expect(matchShortcut(key("F4"), { ...listing, canExecute: true })).toBe("toggleTaskPanel");
    expect(matchShortcut(key("t"), { ...listing, canExecute: true })).toBe("toggleTaskPanel");
    expect(matchShortcut(key("t"), listing)).toBeNull();
  });

  it("shows keys to people", () => {
    expect(displayKey("Mod+s")).toBe("Ctrl+S");
    expect(displayKey("Mod+s", true)).toBe("⌘S");
    expect(displayKey("Escape")).toBe("Esc");
    expect(displayKey("ArrowLeft")).toBe("Left");
    expect(displayKey(" ")).toBe("Space");
    expect(displayKey("Mod+Shift+z")).toBe("Ctrl+Shift+Z");
    expect(displayKey("Mod+Shift+z", true)).toBe("⌘⇧Z");
    // The plus key itself, alone or with a modifier.
    expect(displayKey("+")).toBe("+");
    expect(displayKey("Mod++")).toBe("Ctrl++");
  });

  it("has each action once", () => {
    const actions = SHORTCUTS.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
  });
});

describe("keys that belong to the focused control", () => {
  it("leaves Enter and Space on buttons and links to them", async () => {
    const { keyOwnedByControl } = await import("../../../src/ui/keyboard/useShortcuts");
    const el = (tagName: string, role: string | null = null) =>
      ({ tagName, getAttribute: () => role }) as unknown as EventTarget;
    expect(keyOwnedByControl("Enter", el("BUTTON"))).toBe(true);
    expect(keyOwnedByControl(" ", el("A"))).toBe(true);
    expect(keyOwnedByControl("Enter", el("DIV", "button"))).toBe(true);
    expect(keyOwnedByControl("Enter", el("DIV", "option"))).toBe(false);
    expect(keyOwnedByControl("Delete", el("BUTTON"))).toBe(false);
    expect(keyOwnedByControl("Enter", null)).toBe(false);
  });
});

describe("keys that belong to a focused media player", () => {
  it("leaves seeking, volume and play/pause to audio and video controls, and other keys to the preview", async () => {
    const { keyOwnedByMedia } = await import("../../../src/ui/keyboard/useShortcuts");
    const el = (tagName: string, controls: boolean) =>
      ({ tagName, hasAttribute: (n: string) => n === "controls" && controls }) as unknown as EventTarget;
    expect(keyOwnedByMedia("ArrowRight", el("AUDIO", true))).toBe(true);
    expect(keyOwnedByMedia(" ", el("VIDEO", true))).toBe(true);
    expect(keyOwnedByMedia("ArrowUp", el("VIDEO", true))).toBe(true);
    expect(keyOwnedByMedia("Escape", el("AUDIO", true))).toBe(false);
    expect(keyOwnedByMedia("i", el("AUDIO", true))).toBe(false);
    expect(keyOwnedByMedia("ArrowRight", el("AUDIO", false))).toBe(false);
    expect(keyOwnedByMedia("ArrowRight", el("DIV", true))).toBe(false);
    expect(keyOwnedByMedia("ArrowRight", null)).toBe(false);
  });
});
