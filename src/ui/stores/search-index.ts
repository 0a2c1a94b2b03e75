/**
 * @module Index status of the Global settings "Indexed Search" fieldset: reads it when the screen opens,
 * asks again every INDEX_STATUS_POLL_MS while a walk runs, and starts a rebuild from scratch.
 */
import { proxy, useSnapshot } from "valtio";
import { fetchIndexStatus, requestIndexRebuild, type SearchIndexStatus } from "../api/search-index";
import { errorMessage } from "../api/errors";
import { notifyError } from "../notify";
import { shouldPoll } from "./search-index-rules";

/** How often the Indexed Search fieldset asks the index status again while a walk runs (UI choice, issue 13). */
const INDEX_STATUS_POLL_MS = 2000;

interface IndexStatusState {
  status: SearchIndexStatus | null;
  /** A rebuild was asked; cleared by the first status read after the request was answered. */
  requested: boolean;
  /** The rebuild request is on its way. */
  busy: boolean;
  /** The translated error of the last failed read, null when it worked. */
  error: string | null;
}

const state = proxy<IndexStatusState>({ status: null, requested: false, busy: false, error: null });
let watchers = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Counts rebuild requests: a read started before the latest one cannot clear `requested`. */
let requests = 0;

/** Snapshot of the index status line. */
export function useIndexStatus() {
  return useSnapshot(state);
}

function schedule(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (watchers > 0 && shouldPoll(state.status, state.requested))
    timer = setTimeout(() => void readIndexStatus(), INDEX_STATUS_POLL_MS);
}

/** Reads the status once, then asks again later while a walk runs and the screen watches. */
export async function readIndexStatus(): Promise<void> {
  const asked = requests;
  try {
    const status = await fetchIndexStatus();
    state.status = status;
    state.error = null;
    if (asked === requests) state.requested = false;
  } catch (err) {
    state.error = errorMessage(err);
    state.requested = false;
  }
  schedule();
}

/** Watches the status while the fieldset is shown; returns the function that stops watching (for useEffect). */
export function watchIndexStatus(): () => void {
  watchers++;
  void readIndexStatus();
  return () => {
    watchers--;
    if (watchers === 0 && timer) clearTimeout(timer);
  };
}

/** Asks the server to rebuild the index from scratch; the status line shows "building" until the walk is done. */
export async function rebuildIndex(): Promise<void> {
  if (state.busy) return;
  state.busy = true;
  try {
    await requestIndexRebuild();
    requests++;
    state.requested = true;
    schedule();
  } catch (err) {
    notifyError(errorMessage(err));
  } finally {
    state.busy = false;
  }
}
