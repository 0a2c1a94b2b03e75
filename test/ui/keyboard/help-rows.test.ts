import { describe, expect, it } from "bun:test";
import { helpEntries, helpRows, touchRows, type HelpEntry } from "../../../src/ui/keyboard/help-rows";
import { COMPONENT_KEYS, HELP_GROUPS, SHORTCUTS } from "../../../src/ui/keyboard/shortcuts";

const keyed = () => helpRows().filter((r) => !r.gesture);

describe("the help list (derived from the shortcut table)", () => {
  it("lists every key combination exactly once", () => {
    const listed = keyed().flatMap((r) => r.keys);
    expect(listed.length).toBe(new Set(listed).size);
    const all = new Set([...SHORTCUTS, ...COMPONENT_KEYS].flatMap((s) => s.keys));
    expect(new Set(listed)).toEqual(all);
  });

  it("gives a key every meaning it has: Ctrl+S downloads and saves in the editor, Esc closes what is open", () => {
    const row = (key: string) => keyed().find((r) => r.keys.includes(key))!;
    expect(row("Mod+s").labels).toEqual(["download", "save"]);
    expect(row("Escape")).toMatchObject({
      group: "navigation",
      keys: ["Escape"],
      labels: ["closeTaskPanel", "clearSelection", "closePreview", "closeEditor"],
    });
    expect(row("Enter").labels).toEqual(["openSelection", "previewFullscreen"]);
    expect(row("q")).toMatchObject({ group: "navigation", keys: ["q"], labels: ["closeTaskPanel", "closePreview"] });
  });

  it("keeps keys with the same meaning on one line (F4 and t)", () => {
    expect(keyed().find((r) => r.keys.includes("t"))).toMatchObject({ keys: ["F4", "t"], labels: ["toggleTaskPanel"] });
  });

  it("is grouped in the order navigation, selection, files, preview, editor, each group holding something", () => {
    const groups = helpRows().map((r) => r.group);
    expect([...new Set(groups)]).toEqual([...HELP_GROUPS]);
    // Ctrl+F is listed first under navigation (the search panel) with the editor's find as its second meaning.
    expect(
      helpRows()
        .filter((r) => r.group === "editor")
        .flatMap((r) => r.keys),
    ).toEqual(["Mod+z"]);
    expect(helpRows().find((r) => r.keys.includes("Mod+f"))).toMatchObject({
      group: "navigation",
      labels: ["search", "editorFind"],
    });
  });

  it("moves a key to a line of its own when only it gets another meaning", () => {
    const entries: HelpEntry[] = [
      { label: "toggleTaskPanel", keys: ["F4", "t"], group: "navigation" },
      { label: "previewInfo", keys: ["t", "i"], group: "preview" },
    ];
    const rows = helpRows(entries).filter((r) => !r.gesture);
    expect(rows).toEqual([
      { group: "navigation", keys: ["F4"], labels: ["toggleTaskPanel"] },
      { group: "navigation", keys: ["t"], labels: ["toggleTaskPanel", "previewInfo"] },
      { group: "preview", keys: ["i"], labels: ["previewInfo"] },
    ]);
    expect(helpEntries().length).toBe(SHORTCUTS.length + COMPONENT_KEYS.length);
  });
});

describe("the help of a touch screen", () => {
  it("lists the touch gestures in the order of the help sections", () => {
    const rows = touchRows();
    expect(rows.map((r) => r.gesture)).toEqual(["tap", "longPress", "selectMode", "swipe", "pinch", "pan"]);
    const order = rows.map((r) => HELP_GROUPS.indexOf(r.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
