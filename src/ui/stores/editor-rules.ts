/** @module Which files open in the editor (docs/product.md "Editor"): pure, so it is tested without a DOM. */
import type { Permissions } from "../auth/token";

/** What the rule reads of a file. */
export interface EditableFile {
  type: string;
  content?: string;
  name?: string;
}

/** True for the names that have a rendered markdown view (the server's rule: .md and .markdown, any case). */
export function isMarkdownName(name: string): boolean {
  return /\.(md|markdown)$/i.test(name);
}

/**
 * Text the user may change opens in the editor; read-only text (textImmutable, no modify) stays in the preview, and
 * so does an .nfo (docs/product.md "Other previews": preformatted text): it is CP437 art that saving as UTF-8 would
 * destroy. A markdown file opens rendered; its Edit button asks for the editor (`editRequested`).
 */
export function opensInEditor(
  file: EditableFile,
  perm: Permissions | null | undefined,
  editRequested = false,
): boolean {
  const canModify = Boolean(perm && (perm.admin || perm.modify));
  if (file.name?.toLowerCase().endsWith(".nfo")) return false;
  if (file.name !== undefined && isMarkdownName(file.name) && !editRequested) return false;
  return file.type === "text" && file.content !== undefined && canModify;
}
