/** @module Pure rules of single-item operations (docs/product.md "Names", "Chmod mode", "Keyboard shortcuts"). */

/** A chmod mode has at most this many octal characters (docs/product.md "Chmod mode"). */
const CHMOD_MAX_LENGTH = 3;

/** Trims a typed name and refuses empty names, names with a slash, and "." or ".." (docs/product.md "Names"). */
export function cleanName(raw: string): string | null {
  const name = raw.trim();
  if (!name || name.includes("/") || name === "." || name === "..") return null;
  return name;
}

/** A chmod mode is one to three octal digits (docs/product.md "Chmod mode"). */
export function isValidMode(mode: string): boolean {
  return new RegExp(`^[0-7]{1,${CHMOD_MAX_LENGTH}}$`).test(mode.trim());
}

/** Keeps only octal digits, at most three (what the chmod field accepts while typing). */
export function sanitizeMode(raw: string): string {
  return raw.replace(/[^0-7]/g, "").slice(0, CHMOD_MAX_LENGTH);
}

/** What the F2 rule reads (docs/product.md "Keyboard shortcuts"). */
export interface RenameContext {
  canRename: boolean;
  loading: boolean;
  view: "listing" | "preview" | "editor" | "other";
  selectedCount: number;
}

/** F2 opens rename with the rename permission, not in the editor, not while loading, with one item in a listing. */
export function canOpenRename(ctx: RenameContext): boolean {
  if (!ctx.canRename || ctx.loading) return false;
  if (ctx.view === "preview") return true;
  return ctx.view === "listing" && ctx.selectedCount === 1;
}
