import { describe, expect, it } from "bun:test";
import { keyName, matchShortcut, SHORTCUTS, type ShortcutContext } from "../../../src/ui/keyboard/shortcuts";

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});
const listing: ShortcutContext = { view: "listing", inInput: false, promptOpen: false, selectedCount: 1, canDelete: true };
const preview: ShortcutContext = { ...listing, view: "preview", selectedCount: 0 };

describe("shortcut table", () => {
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

  it("stands down while typing, while a dialog is open, and for alt chords", () => {
    expect(matchShortcut(key("Delete"), { ...listing, inInput: true })).toBeNull();
    expect(matchShortcut(key("q"), { ...preview, inInput: true })).toBeNull();
    expect(matchShortcut(key("Escape"), { ...listing, promptOpen: true })).toBeNull();
    expect(matchShortcut(key("Escape", { altKey: true }), listing)).toBeNull();
  });

  it("has each action once", () => {
    const actions = SHORTCUTS.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
  });
});

describe("keys that belong to the focused control", () => {
  it("leaves Enter and Space on buttons and links to them", async () => {
    const { keyOwnedByControl } = await import("../../../src/ui/keyboard/useShortcuts");
    const el = (tagName: string, role: string | null = null) => ({ tagName, getAttribute: () => role }) as unknown as EventTarget;
    expect(keyOwnedByControl("Enter", el("BUTTON"))).toBe(true);
    expect(keyOwnedByControl(" ", el("A"))).toBe(true);
    expect(keyOwnedByControl("Enter", el("DIV", "button"))).toBe(true);
    expect(keyOwnedByControl("Enter", el("DIV", "option"))).toBe(false);
    expect(keyOwnedByControl("Delete", el("BUTTON"))).toBe(false);
    expect(keyOwnedByControl("Enter", null)).toBe(false);
  });
});
