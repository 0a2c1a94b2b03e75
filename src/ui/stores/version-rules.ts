/**
 * @module Rules of file versions in the info dialog (docs/product.md "Versions"): which files can be compared and how,
 * and the line diff between a version and the current content, with long unchanged runs folded. Pure.
 */
import { diffLines } from "diff";
import type { ResourceType } from "../../shared/wire/resource";

/** How a version is compared with the current file: its text line by line, or two pictures side by side. */
export type CompareKind = "text" | "image";

/** Unchanged lines shown around each change; longer unchanged runs fold into one "N unchanged lines" row. */
export const DIFF_CONTEXT_LINES = 3;

/** How long the line diff may take before it gives up (the texts are then too different to show as a diff). */
const DIFF_TIMEOUT_MS = 2000;

/** One row of the line diff: a line kept, removed (only in the version) or added (only in the current file). */
export type DiffRow =
  | { readonly kind: "same" | "removed" | "added"; readonly text: string }
  | { readonly kind: "folded"; readonly count: number };

/** How a file of `type` is compared with a version, or null when it cannot be (video, archives, other binaries). */
export function compareKind(type: ResourceType): CompareKind | null {
  if (type === "text" || type === "textImmutable") return "text";
  return type === "image" ? "image" : null;
}

function linesOf(value: string): string[] {
  const lines = value.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Folds the middle of an unchanged run longer than the context around it (none before the first change). */
function foldSame(lines: string[], first: boolean, last: boolean): DiffRow[] {
  const head = first ? 0 : DIFF_CONTEXT_LINES;
  const tail = last ? 0 : DIFF_CONTEXT_LINES;
  const same = (text: string): DiffRow => ({ kind: "same", text });
  if (lines.length <= head + tail + 1) return lines.map(same);
  return [
    ...lines.slice(0, head).map(same),
    { kind: "folded", count: lines.length - head - tail },
    ...lines.slice(lines.length - tail).map(same),
  ];
}

/**
 * The rows that turn `before` (the version) into `after` (the current content), line by line; null when the texts
 * are too different to diff in time. Identical texts give no row.
 */
export function lineDiff(before: string, after: string): DiffRow[] | null {
  const changes = diffLines(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return null;
  if (changes.every((c) => !c.added && !c.removed)) return [];
  return changes.flatMap((c, i): DiffRow[] => {
    const lines = linesOf(c.value);
    if (c.added || c.removed) return lines.map((text) => ({ kind: c.added ? "added" : "removed", text }));
    return foldSame(lines, i === 0, i === changes.length - 1);
  });
}
