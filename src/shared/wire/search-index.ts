/** @module Wire shape of the file index status (GET /api/search-index, shown in the Global settings' Indexed Search fieldset). Types only. */

/** What the index is doing: "building" until its first walk is done, "ready" after, "absent" when the server has none. */
export type SearchIndexState = "building" | "ready" | "absent";

/** The status line of the Indexed Search fieldset. */
export interface SearchIndexStatus {
  /** Files and folders the index holds now (while a walk from scratch runs: those written so far). */
  readonly entries: number;
  /** End of the last complete walk, ms since the epoch; null when none finished yet. */
  readonly builtAt: number | null;
  /** A walk runs now (the first build, a periodic refresh or a requested rebuild). */
  readonly building: boolean;
  readonly state: SearchIndexState;
  /**
   * The folder watches that bring changes made outside the product (a shell, Samba, rsync) into the index at once;
   * null without an index. `short`: some folders are not watched (the system's watch limit ran short), and changes
   * there are found at the next refresh, every `intervalMinutes` (0: only on a rebuild).
   */
  readonly watch: SearchIndexWatch | null;
}

/** The index's folder watches (see SearchIndexStatus.watch). */
export interface SearchIndexWatch {
  /** False where the system cannot tell changes exactly: only the refresh interval finds outside changes. */
  readonly live: boolean;
  readonly folders: number;
  /** Folders the index may watch: the system's limit less a reserve, or the server's cap. */
  readonly limit: number;
  readonly short: boolean;
  readonly intervalMinutes: number;
}
