/** @module Loads a file's metadata (GET ?probe=yes) for the info dialog and the torrent/firmware previews. */
import { useEffect, useState } from "react";
import { fetchProbe, type ProbedResource } from "../../../api/media";
import { errorMessage } from "../../../api/errors";

/** Loading, then the probed file or the translated message of the failure. */
export type ProbeState =
  | { status: "loading" }
  | { status: "done"; file: ProbedResource }
  | { status: "failed"; message: string };

/**
 * Probes `path` when `enabled` (null path: nothing). Closing the view or another path aborts the call, so the
 * server stops its ffprobe.
 */
export function useProbe(path: string | null, enabled = true): ProbeState {
  const [state, setState] = useState<ProbeState>({ status: "loading" });
  useEffect(() => {
    if (!path || !enabled) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchProbe(path, controller.signal).then(
      (file) => setState({ status: "done", file }),
      (err) => !controller.signal.aborted && setState({ status: "failed", message: errorMessage(err) }),
    );
    return () => controller.abort();
  }, [path, enabled]);
  return state;
}
