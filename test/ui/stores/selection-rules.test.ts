import { describe, expect, it } from "bun:test";
import {
  applyClick,
  clickIntent,
  keepListed,
  moveBy,
  pickSelected,
  selectAllOf,
  EMPTY_SELECTION,
} from "../../../src/ui/stores/selection-rules";

const order = ["/a/", "/b/", "/c.txt", "/d.txt", "/e.txt"];
const sel = (selected: string[], anchor: string | null = selected.at(-1) ?? null) => ({ selected, anchor });

describe('selection rules (docs/product.md "Selection")', () => {
  it("a plain click selects only that item", () => {
    expect(applyClick(sel(["/a/", "/b/"]), "/c.txt", {}, order)).toEqual(sel(["/c.txt"]));
  });

  it("a click on a selected item unselects it (click toggles)", () => {
    expect(applyClick(sel(["/c.txt"]), "/c.txt", {}, order).selected).toEqual([]);
    expect(applyClick(sel(["/a/", "/c.txt"]), "/a/", { ctrl: true }, order).selected).toEqual(["/c.txt"]);
  });

  it("ctrl/cmd click or multiple mode adds to the selection", () => {
    expect(applyClick(sel(["/a/"]), "/d.txt", { ctrl: true }, order).selected).toEqual(["/a/", "/d.txt"]);
    expect(applyClick(sel(["/a/"]), "/d.txt", { multiple: true }, order).selected).toEqual(["/a/", "/d.txt"]);
  });

  it("shift with something selected selects the range from the anchor, either direction", () => {
    expect(applyClick(sel(["/b/"]), "/d.txt", { shift: true }, order).selected).toEqual(["/b/", "/c.txt", "/d.txt"]);
    expect(applyClick(sel(["/d.txt"]), "/a/", { shift: true }, order).selected).toEqual([
      "/a/",
      "/b/",
      "/c.txt",
      "/d.txt",
    ]);
  });

  it("shift with nothing selected is a plain click", () => {
    expect(applyClick(EMPTY_SELECTION, "/c.txt", { shift: true }, order)).toEqual(sel(["/c.txt"]));
  });

  it("ctrl+shift adds the range to what was selected", () => {
    const next = applyClick(sel(["/a/", "/c.txt"], "/c.txt"), "/e.txt", { shift: true, ctrl: true }, order);
    expect(next.selected.sort()).toEqual(["/a/", "/c.txt", "/d.txt", "/e.txt"]);
  });

  it("select all takes every item in order", () => {
    expect(selectAllOf(order).selected).toEqual(order);
  });

  it("arrow moves keep a single selection inside the list", () => {
    expect(moveBy(EMPTY_SELECTION, 1, order).selected).toEqual(["/a/"]);
    expect(moveBy(EMPTY_SELECTION, -1, order).selected).toEqual(["/e.txt"]);
    expect(moveBy(sel(["/b/"]), 1, order).selected).toEqual(["/c.txt"]);
    expect(moveBy(sel(["/e.txt"]), 1, order).selected).toEqual(["/e.txt"]);
    expect(moveBy(sel(["/a/"]), -1, order).selected).toEqual(["/a/"]);
    expect(moveBy(sel([]), 1, [])).toEqual(EMPTY_SELECTION);
  });

  it("drops items that are no longer listed", () => {
    expect(keepListed(sel(["/a/", "/gone"], "/gone"), order)).toEqual({ selected: ["/a/"], anchor: null });
  });

  it("keeps the same selection object when every selected item is still listed", () => {
    const kept = sel(["/a/", "/c.txt"], "/c.txt");
    expect(keepListed(kept, order)).toBe(kept);
  });

  it("picks the selected items in the items' order", () => {
    const items = order.map((path) => ({ path }));
    expect(pickSelected(items, ["/e.txt", "/a/"])).toEqual([{ path: "/a/" }, { path: "/e.txt" }]);
    expect(pickSelected(items, [])).toEqual([]);
  });

  it("handles a folder of 100,000 items: a shift range of 1,000, select all, pruning and picking", () => {
    const big = Array.from({ length: 100_000 }, (_, i) => `/big/file-${i}.txt`);
    const range = applyClick(sel([big[10]], big[10]), big[1009], { shift: true }, big);
    expect(range.selected.length).toBe(1000);
    expect(range.selected[999]).toBe(big[1009]);
    const all = selectAllOf(big);
    expect(keepListed(all, big.slice(1)).selected.length).toBe(99_999);
    expect(
      pickSelected(
        big.map((path) => ({ path })),
        all.selected,
      ).length,
    ).toBe(100_000);
  });
});

describe("what a click or tap means", () => {
  const base = { touch: false, singleClick: false, multiple: false, selectedCount: 0 };
  it("opens on a tap, and adds or removes while a selection is in progress", () => {
    expect(clickIntent({ ...base, touch: true })).toBe("open");
    expect(clickIntent({ ...base, touch: true, multiple: true })).toBe("toggle");
    expect(clickIntent({ ...base, touch: true, selectedCount: 1 })).toBe("toggle");
  });

  it("selects on a mouse click, and opens on a plain one with the single-click preference", () => {
    expect(clickIntent(base)).toBe("select");
    expect(clickIntent({ ...base, singleClick: true })).toBe("open");
    expect(clickIntent({ ...base, singleClick: true, ctrl: true })).toBe("select");
    expect(clickIntent({ ...base, singleClick: true, shift: true })).toBe("select");
    expect(clickIntent({ ...base, singleClick: true, multiple: true })).toBe("select");
  });
});
