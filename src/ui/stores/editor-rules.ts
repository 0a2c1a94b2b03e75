/** @module Which files open in the editor (SPEC §2 Editor, §6 modify): pure, so it is tested without a DOM. */
import type { Permissions } from "../auth/token";

/** What the rule reads of a file. */
export interface EditableFile {
  type: string;
  content?: string;
}

/** Text the user may change opens in the editor; read-only text (textImmutable, no modify) stays in the preview. */
export function opensInEditor(file: EditableFile, perm: Permissions | null | undefined): boolean {
  const canModify = Boolean(perm && (perm.admin || perm.modify));
  return file.type === "text" && file.content !== undefined && canModify;
}
