/** @module Wire shape of the file index status (GET /api/search-index, issue 13: Global settings, Indexed Search). Types only. */

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
}
