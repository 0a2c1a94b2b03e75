/** @module Answer of GET /api/resources/{dir}/?usage=true (File info of a folder). Types only. */

/** Total size and counts of everything below a folder (a file: its own size), as the user sees it. */
export interface FolderUsage {
  /** Sum of the sizes of the files below, in bytes (folder entries and links add nothing). */
  size: number;
  numFiles: number;
  numDirs: number;
}
