/** @module Maps the file index's own status to the wire shape of GET /api/search-index (issue 13). */
import type { FileIndex } from "../search/types";
import type { SearchIndexStatus } from "../../shared/wire/search-index";

/** The status an index may report beside the FileIndex calls (SqliteFileIndex.status()). */
interface IndexWithStatus {
  status(): { entries: number; builtAt: number | null; building: boolean };
}

function hasStatus(index: FileIndex): index is FileIndex & IndexWithStatus {
  return typeof (index as Partial<IndexWithStatus>).status === "function";
}

/**
 * Entries, last build time (ms), whether a walk runs and the state of `index`; with no index (or one that
 * cannot tell its status) `{entries: 0, builtAt: null, building: false, state}`.
 */
export function presentIndexStatus(index: FileIndex | null | undefined): SearchIndexStatus {
  if (!index) return { entries: 0, builtAt: null, building: false, state: "absent" };
  const state = index.state();
  if (!hasStatus(index)) return { entries: 0, builtAt: null, building: state === "building", state };
  const s = index.status();
  return { entries: s.entries, builtAt: s.builtAt, building: s.building, state };
}
