/** @module Pure download choice (docs/product.md "Download"): one plain file directly, anything else as an archive. */

/** What the download reads of an item. */
export interface DownloadItem {
  path: string;
  isDir: boolean;
}

/** A direct file download, or the format picker for these paths. */
export type DownloadPlan = { kind: "direct"; path: string } | { kind: "archive"; paths: string[] };

/**
 * The download of a selection in a folder: a single non-folder item downloads directly; several items, a
 * folder, or nothing selected (the folder on screen) go through the archive format picker.
 */
export function downloadPlan(selected: readonly DownloadItem[], currentDir: string): DownloadPlan {
  if (selected.length === 1 && !selected[0].isDir) return { kind: "direct", path: selected[0].path };
  if (selected.length === 0) return { kind: "archive", paths: [currentDir] };
  return { kind: "archive", paths: selected.map((i) => i.path) };
}
