/**
 * @module Answer of GET /api/progress/{id}: the counts of a long copy, move or delete that the request named with
 * the PROGRESS_ID_HEADER (headers.ts). Types only.
 */

/** Counts of one operation. */
export interface OperationProgress {
  readonly action: "copy" | "move" | "delete";
  /** Files, folders and links to handle, and bytes of the files; 0 until the first walk has counted them. */
  totalItems: number;
  totalBytes: number;
  doneItems: number;
  doneBytes: number;
  done: boolean;
}
