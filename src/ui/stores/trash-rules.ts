/** @module Pure rules of the Trash page and of the Undo after a delete (docs/product.md "Trash"). */
import { formatSize } from "../format/format-size";
import type { RestoreConflict } from "../../shared/wire/trash";
import type { ConflictChoice } from "./transfer-rules";

/** What the Trash page shows for a size still being measured (a folder answered with size -1). */
export const SIZE_MEASURING = "…";

/** The size column of an entry: the listing's format, or "…" while a folder is still being measured (size -1). */
export function trashSizeText(size: number): string {
  return size < 0 ? SIZE_MEASURING : formatSize(size);
}

/**
 * What a restore sends after the name-taken question: Replace puts what has the name now in the trash first, Keep
 * both picks a free name ("a (1).txt"); Cancel (answered "skip") sends nothing.
 */
export function restoreConflictOf(choice: ConflictChoice): RestoreConflict | null {
  if (choice === "replace") return "replace";
  if (choice === "keepBoth") return "rename";
  return null;
}

/** An item a delete put in the trash: its trash entry and where it was (the Undo puts it back there). */
export interface TrashedItem {
  id: string;
  path: string;
}

/**
 * The items of a delete the Undo can put back: those whose answer named a trash entry (an item deleted for good
 * answers none).
 */
export function trashedItems(answers: readonly { path: string; trashId: string | null }[]): TrashedItem[] {
  return answers.flatMap(({ path, trashId }) => (trashId ? [{ id: trashId, path }] : []));
}
