/**
 * @module At most one 7-Zip listing per archive at a time (docs/security.md "Archives"): requests for the
 * same archive and page share one run, requests for another page of it wait until the run before them ends, and a
 * run is stopped once every request waiting for it has gone away.
 */
import { ToolAborted } from "../tools/run-tool";

/** One run and the requests waiting for it. */
interface SharedRun<T> {
  promise: Promise<T>;
  stop: AbortController;
  waiting: number;
}

/** The end of each archive's chain of runs (settled, never rejected): the next run starts after it. */
const chainEnds = new Map<string, Promise<void>>();
/** Runs not yet settled, by archive and page key. */
const runs = new Map<string, SharedRun<unknown>>();

/**
 * The result of `start` for `archiveKey` and `pageKey`: joins the run for the same keys when there is one, else
 * starts one after the runs already queued for this archive. `start` gets a signal that aborts once every joined
 * request's `signal` has aborted.
 * @throws ToolAborted when `signal` aborts first; what `start` throws.
 */
export function listOneAtATime<T>(
  archiveKey: string,
  pageKey: string,
  signal: AbortSignal,
  start: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (signal.aborted) return Promise.reject(new ToolAborted("7-Zip"));
  const key = `${archiveKey}\0${pageKey}`;
  let run = runs.get(key) as SharedRun<T> | undefined;
  if (!run) {
    const stop = new AbortController();
    const promise = (chainEnds.get(archiveKey) ?? Promise.resolve()).then(() => start(stop.signal));
    const end = promise.then(
      () => {},
      () => {},
    );
    const mine: SharedRun<T> = { promise, stop, waiting: 0 };
    runs.set(key, mine as SharedRun<unknown>);
    chainEnds.set(archiveKey, end);
    void end.then(() => {
      if (runs.get(key) === mine) runs.delete(key);
      if (chainEnds.get(archiveKey) === end) chainEnds.delete(archiveKey);
    });
    run = mine;
  }
  return join(run, key, signal);
}

/** Waits for `run` on behalf of one request; the last request to leave stops it. */
function join<T>(run: SharedRun<T>, key: string, signal: AbortSignal): Promise<T> {
  run.waiting++;
  return new Promise<T>((resolve, reject) => {
    let left = false;
    const leave = () => {
      if (left) return false;
      left = true;
      signal.removeEventListener("abort", onAbort);
      run.waiting--;
      return true;
    };
    const onAbort = () => {
      if (!leave()) return;
      if (run.waiting === 0) {
        // A request arriving now must not join a run being stopped.
        if (runs.get(key) === run) runs.delete(key);
        run.stop.abort();
      }
      reject(new ToolAborted("7-Zip"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    run.promise.then(
      (v) => leave() && resolve(v),
      (err) => leave() && reject(err),
    );
  });
}
