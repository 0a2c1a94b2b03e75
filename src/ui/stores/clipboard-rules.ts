/**
 * @module Pure clipboard rules (docs/product.md "Cut, copy and paste"): cut then paste moves, copy then paste copies.
 */
import type { TransferAction } from "./transfer-rules";

/** What Ctrl+C or Ctrl+X put on the clipboard. */
export interface ClipboardContent {
  mode: "copy" | "cut" | null;
  paths: string[];
}

/** An empty clipboard. */
export const EMPTY_CLIPBOARD: ClipboardContent = { mode: null, paths: [] };

/** Puts paths on the clipboard for a copy or a cut; an empty selection leaves it as it was. */
export function putOnClipboard(
  current: ClipboardContent,
  mode: "copy" | "cut",
  paths: readonly string[],
): ClipboardContent {
  return paths.length === 0 ? current : { mode, paths: [...paths] };
}

/** The operation a paste performs, or null when there is nothing to paste. */
export function pasteAction(clip: ClipboardContent): TransferAction | null {
  if (!clip.mode || clip.paths.length === 0) return null;
  return clip.mode === "cut" ? "move" : "copy";
}

/** After a paste: a cut is used up (its items moved away), a copy can be pasted again. */
export function afterPaste(clip: ClipboardContent): ClipboardContent {
  return clip.mode === "cut" ? EMPTY_CLIPBOARD : clip;
}
