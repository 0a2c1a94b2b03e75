/**
 * @module The one ffprobe summary of each media file, shared by everything that needs it (the WebVTT and frame URLs,
 * HLS playlists and segments, video posters, GET ?probe=yes): one run per file version, remembered, and requests
 * that come while it runs wait for that same run.
 */
import type { Stats } from "node:fs";
import { runProbe, type ProbeResult } from "../tools/ffprobe";
import { ToolAborted } from "../tools/run-tool";
import { ToolFailed } from "../tools/spawn";
import type { ScopedFile } from "../tools/tool-input";
import { BoundedCache } from "../bounded-cache";

/**
 * ffprobe reads only a file's headers and answers a healthy file in well under a second, so a run this long (ms) is
 * stuck on a broken, hostile or remote-mounted file and is given up on.
 */
const PROBE_TIMEOUT_MS = 30_000;
/**
 * File versions whose probe is remembered (a summary of a few hundred bytes each): enough for the videos a few
 * players and a listing of posters ask about at once, so segment and sprite requests skip ffprobe.
 */
const PROBES_REMEMBERED = 256;

/** A probe that ran past PROBE_TIMEOUT_MS; a ToolFailed (the file could not be read in time) that callers may tell apart. */
export class ProbeTimedOut extends ToolFailed {
  constructor() {
    super("ffprobe", null, `timed out after ${PROBE_TIMEOUT_MS} ms`);
  }
}

/** One probe: its outcome, and while it runs, how many callers still wait for it and how to stop it. */
interface Probe {
  result: Promise<ProbeResult>;
  settled: boolean;
  /** Callers waiting with a signal that has not aborted, plus one for any caller without a signal (never leaves). */
  waiters: number;
  stop: AbortController;
}

/** Probes under way or done, by scope, path, size and mtime; a failed probe is forgotten so the next request tries again. */
const probes = new BoundedCache<string, Probe>(PROBES_REMEMBERED);
/** The abort reason of a run given up on after PROBE_TIMEOUT_MS. */
const TIMED_OUT = Symbol("probe timed out");

/**
 * The ffprobe summary of the user's media file `file` whose stats are `st` (ffprobe reads it through a descriptor
 * opened beneath its scope, tools/tool-input.ts). Remembered per scope, path, size and mtime: a summary is only ever
 * answered to a request of the scope whose open it came from, and a changed file is probed again. Callers that ask
 * while it runs wait for the same run. The run is given up on after PROBE_TIMEOUT_MS; `signal` ends this caller's
 * wait, and the run itself is stopped once every caller waiting for it has gone (a client that went away).
 * @throws as tools/ffprobe.ts runProbe: MediaContentRefused (a ToolFailed) for text content, ToolFailed when ffprobe
 * cannot read the file; ProbeTimedOut (a ToolFailed) past PROBE_TIMEOUT_MS; ToolAborted when `signal` aborts.
 */
export function probeFile(
  file: ScopedFile,
  st: Pick<Stats, "size" | "mtimeMs">,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  if (signal?.aborted) return Promise.reject(new ToolAborted("ffprobe"));
  const key = `${file.scope}\0${file.abs}\0${st.size}\0${st.mtimeMs}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = startProbe(file);
    probes.set(key, probe);
    const started = probe;
    started.result.catch(() => probes.peek(key) === started && probes.delete(key));
  }
  if (probe.settled) return probe.result;
  probe.waiters++;
  return signal ? untilAborted(probe, signal, () => probes.peek(key) === probe && probes.delete(key)) : probe.result;
}

/** One ffprobe run of `file`, stopped after PROBE_TIMEOUT_MS or when its last waiting caller goes. */
function startProbe(file: ScopedFile): Probe {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(TIMED_OUT), PROBE_TIMEOUT_MS);
  const result = runProbe(file, stop.signal)
    .catch((err) => {
      throw err instanceof ToolAborted && stop.signal.reason === TIMED_OUT ? new ProbeTimedOut() : err;
    })
    .finally(() => clearTimeout(timer));
  const probe: Probe = { result, settled: false, waiters: 0, stop };
  // Registered first, so it runs before any caller's own handlers.
  result.then(
    () => (probe.settled = true),
    () => (probe.settled = true),
  );
  return probe;
}

/**
 * The outcome of `probe`, or a ToolAborted as soon as `signal` aborts; the last caller to go stops the run, after
 * `forget` has dropped it from the cache so that a later caller starts a run of its own.
 */
function untilAborted(probe: Probe, signal: AbortSignal, forget: () => void): Promise<ProbeResult> {
  return new Promise<ProbeResult>((resolve, reject) => {
    const onAbort = () => {
      reject(new ToolAborted("ffprobe"));
      if (--probe.waiters > 0 || probe.settled) return;
      forget();
      probe.stop.abort();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    probe.result.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
