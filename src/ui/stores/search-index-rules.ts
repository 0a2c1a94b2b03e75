/** @module Pure rules of the index status line (Global settings "Indexed Search"): what it says and when to ask again. */
import type { SearchIndexStatus } from "../../shared/wire/search-index";

/** What the status line shows: "absent" (no index), "building" (a walk runs or a rebuild was just asked), "idle". */
export type IndexPhase = "absent" | "building" | "idle";

/** The phase of `status`; `requested`: a rebuild was asked and no status read after the request has come back yet. */
export function indexPhase(status: SearchIndexStatus | null, requested: boolean): IndexPhase {
  if (requested) return "building";
  if (!status) return "idle";
  if (status.state === "absent") return "absent";
  return status.building || status.state === "building" ? "building" : "idle";
}

/** True while the screen should ask the status again: a walk runs, or a requested rebuild has not shown up yet. */
export function shouldPoll(status: SearchIndexStatus | null, requested: boolean): boolean {
  return indexPhase(status, requested) === "building";
}
