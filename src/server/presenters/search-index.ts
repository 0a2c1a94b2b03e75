/** @module Maps the file index's own status to the wire shape of GET /api/search-index. */
import type { FileIndex } from "../search/types";
import type { SearchIndexStatus } from "../../shared/wire/search-index";

/**
 * Entries, last build time (ms), whether a walk runs and the state of `index`; with no index
 * `{entries: 0, builtAt: null, building: false, state: "absent", watch: null}`.
 */
export function presentIndexStatus(index: FileIndex | null | undefined): SearchIndexStatus {
  if (!index) return { entries: 0, builtAt: null, building: false, state: "absent", watch: null };
  const s = index.status();
  const w = s.watch;
  return {
    entries: s.entries,
    builtAt: s.builtAt,
    building: s.building,
    state: index.state(),
    watch: w && {
      live: w.live,
      folders: w.folders,
      limit: w.limit,
      short: w.short,
      intervalMinutes: w.intervalMinutes,
    },
  };
}
