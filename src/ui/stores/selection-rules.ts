/** @module Selection rules of docs/product.md "Selection", "Listing", as pure functions over item paths. */

/** Selected paths plus the anchor that a shift-click ranges from. */
export interface Selection {
  selected: string[];
  anchor: string | null;
}

/** Modifier state of a click. `multiple` is the sticky multi-select mode. */
export interface ClickModifiers {
  ctrl?: boolean;
  shift?: boolean;
  multiple?: boolean;
}

/** An empty selection. */
export const EMPTY_SELECTION: Selection = { selected: [], anchor: null };

/**
 * Applies a click on `path`, given the items in display order (docs/product.md "Selection"):
 * shift with something selected selects the range from the anchor; clicking a selected item unselects it;
 * without ctrl or multiple mode a click resets the others; with them it adds.
 */
export function applyClick(sel: Selection, path: string, mods: ClickModifiers, order: readonly string[]): Selection {
  if (mods.shift && sel.selected.length > 0) {
    const from = order.indexOf(sel.anchor ?? sel.selected[sel.selected.length - 1]);
    const to = order.indexOf(path);
    if (from >= 0 && to >= 0) {
      const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
      // Sets: a range may span thousands of items (docs/product.md "Sizes and paging").
      const inRange = new Set(range);
      const base = mods.ctrl || mods.multiple ? sel.selected.filter((p) => !inRange.has(p)) : [];
      return { selected: [...base, ...range], anchor: sel.anchor };
    }
  }
  if (sel.selected.includes(path)) {
    return { selected: sel.selected.filter((p) => p !== path), anchor: path };
  }
  if (!mods.ctrl && !mods.multiple) return { selected: [path], anchor: path };
  return { selected: [...sel.selected, path], anchor: path };
}

/** Selects every item (Ctrl+A). */
export function selectAllOf(order: readonly string[]): Selection {
  return { selected: [...order], anchor: order[0] ?? null };
}

/**
 * Moves a single selection by `delta` items in display order (arrow keys); with nothing selected it
 * starts at the first (down) or last (up) item. Stays within the list.
 */
export function moveBy(sel: Selection, delta: number, order: readonly string[]): Selection {
  if (order.length === 0) return EMPTY_SELECTION;
  const current = sel.selected.length ? order.indexOf(sel.selected[sel.selected.length - 1]) : -1;
  const next =
    current < 0 ? (delta > 0 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, current + delta));
  return { selected: [order[next]], anchor: order[next] };
}

/** Drops selected paths that are no longer listed (after a reload). */
export function keepListed(sel: Selection, order: readonly string[]): Selection {
  if (sel.selected.length === 0 && sel.anchor === null) return sel;
  const listed = new Set(order);
  const selected = sel.selected.filter((p) => listed.has(p));
  const anchorListed = sel.anchor === null || listed.has(sel.anchor);
  if (selected.length === sel.selected.length && anchorListed) return sel;
  return { selected, anchor: sel.anchor && listed.has(sel.anchor) ? sel.anchor : null };
}

/** The items whose paths are selected, in the items' order (linear: a Set, not a search per item). */
export function pickSelected<T extends { path: string }>(items: readonly T[], selected: readonly string[]): T[] {
  if (selected.length === 0) return [];
  const chosen = new Set(selected);
  return items.filter((i) => chosen.has(i.path));
}

/** What a click or tap on an item does: open it, add or remove it (selecting), or the plain click of `applyClick`. */
export type ClickIntent = "open" | "toggle" | "select";

/** The facts a click's meaning depends on. */
export interface ClickFacts {
  /** The pointer was a finger. */
  touch: boolean;
  /** The user's "open with a single click" preference (mouse). */
  singleClick: boolean;
  /** The multiple-selection mode is on. */
  multiple: boolean;
  selectedCount: number;
  ctrl?: boolean;
  shift?: boolean;
}

/**
 * A tap opens the item unless a selection is in progress (the Select mode, or items chosen by a long press), where
 * it adds or removes the item, as phone file managers do. A mouse click selects (docs/product.md "Listing"); with the
 * single-click preference a plain click opens, and modifier clicks and the Select mode still select.
 */
export function clickIntent(f: ClickFacts): ClickIntent {
  if (f.touch) return f.multiple || f.selectedCount > 0 ? "toggle" : "open";
  return f.singleClick && !f.ctrl && !f.shift && !f.multiple ? "open" : "select";
}
