/** @module The help list derived from the one shortcut table: grouped, each key combination once. */
import {
  COMPONENT_KEYS,
  HELP_GROUPS,
  POINTER_GESTURES,
  SHORTCUTS,
  type HelpGroup,
  type ShortcutAction,
} from "./shortcuts";

/** What a key does, as a `shortcuts.<label>` text. */
export type HelpLabel = ShortcutAction | (typeof COMPONENT_KEYS)[number]["label"];

/** A key binding as the help reads it: from the table or from a component's own keys. */
export interface HelpEntry {
  label: HelpLabel;
  keys: readonly string[];
  group: HelpGroup;
}

/**
 * The touch gestures a phone or tablet user has, by help section (what the listing, the selection bar and the
 * gallery do on a touch screen): a tap opens, a long-press selects and shows the item's actions, Select starts
 * picking several, and the image viewer swipes, pinches and pans.
 */
export const TOUCH_GESTURES = [
  { id: "tap", group: "files" },
  { id: "longPress", group: "files" },
  { id: "selectMode", group: "files" },
  { id: "swipe", group: "preview" },
  { id: "pinch", group: "preview" },
  { id: "pan", group: "preview" },
] as const satisfies ReadonlyArray<{ id: string; group: HelpGroup }>;

/** A gesture listed in the help: a mouse one beside the keys, or a touch one. */
export type HelpGesture = (typeof POINTER_GESTURES)[number]["id"] | (typeof TOUCH_GESTURES)[number]["id"];

/** One line of the help: its keys (or a gesture) and every meaning they have, in table order. */
export interface HelpRow {
  group: HelpGroup;
  keys: string[];
  labels: HelpLabel[];
  gesture?: HelpGesture;
}

/** The help of a touch screen: its gestures, in the order of the help sections. */
export function touchRows(): HelpRow[] {
  return HELP_GROUPS.flatMap((group) =>
    TOUCH_GESTURES.filter((g) => g.group === group).map((g) => ({ group, keys: [], labels: [], gesture: g.id })),
  );
}

/** The table's rows, then the keys the components handle themselves. */
export function helpEntries(): HelpEntry[] {
  return [...SHORTCUTS.map((s) => ({ label: s.action, keys: s.keys, group: s.group })), ...COMPONENT_KEYS];
}

/**
 * Lays the entries out for the help: a key is listed once, in the group of the first entry that has it, with
 * the meanings of every entry that has it (Esc: clear the selection, close the preview, close the editor).
 * Keys with the same meanings share a line (F4 and t). The pointer gestures follow the keys of their group.
 */
export function helpRows(entries: readonly HelpEntry[] = helpEntries()): HelpRow[] {
  const rows: HelpRow[] = [];
  const byKey = new Map<string, HelpRow>();
  for (const { label, keys, group } of entries) {
    const known = keys.filter((k) => byKey.has(k));
    for (const row of new Set(known.map((k) => byKey.get(k)!))) {
      const covered = row.keys.filter((k) => known.includes(k));
      let target = row;
      if (covered.length < row.keys.length) {
        // Only some keys of the line get this meaning: they move to a line of their own, right below.
        row.keys = row.keys.filter((k) => !covered.includes(k));
        target = { group: row.group, keys: covered, labels: [...row.labels] };
        rows.splice(rows.indexOf(row) + 1, 0, target);
        for (const k of covered) byKey.set(k, target);
      }
      if (!target.labels.includes(label)) target.labels.push(label);
    }
    const fresh = keys.filter((k) => !byKey.has(k));
    if (fresh.length === 0) continue;
    const row: HelpRow = { group, keys: fresh, labels: [label] };
    rows.push(row);
    for (const k of fresh) byKey.set(k, row);
  }
  for (const g of POINTER_GESTURES) rows.push({ group: g.group, keys: [], labels: [], gesture: g.id });
  return HELP_GROUPS.flatMap((group) => rows.filter((r) => r.group === group));
}
