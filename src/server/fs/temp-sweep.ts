/**
 * @module The temp sweeper: removes the temp files and folders (temp-name.ts) that a killed server, a failed
 * unlink or a crashed task left beside their targets. It walks nothing itself: the file index's walks (at start and
 * on every refresh) report each temp name they pass (found()), and the sweeper removes the ones nobody holds that
 * were last written before this server started or longer ago than the maximum age. The ones still young are kept
 * in mind and looked at again by a timer, in the pattern of the tus store's sweeper (sweep-timer.ts).
 */
import { lstat, rm } from "node:fs/promises";
import { basename } from "node:path";
import { startSweepTimer } from "./sweep-timer";
import { isKeptDirName } from "./temp-name";

/** What the sweeper is built with; times in ms since the epoch. */
export interface TempSweeperOptions {
  /** A temp no one holds is removed once its mtime is older than this (ms; Config tempMaxAgeMs). */
  maxAgeMs: number;
  /** When this server started: temps last written before it belong to a previous run. */
  bootMs: number;
  /** True for a temp path a request, a tus upload or a task of this server still writes or keeps. */
  inUse: (abs: string) => boolean;
  now?: () => number;
}

/** The temp sweeper of one server; see the module comment. */
export class TempSweeper {
  /** Temp paths seen by a walk and not removed yet (young, or held). */
  private readonly seen = new Set<string>();
  private running: Promise<number> | null = null;
  private drainQueued = false;
  private readonly now: () => number;

  constructor(readonly options: TempSweeperOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Reports the temp file or folder at absolute `abs` (called by walks, synchronously); it is looked at soon. */
  found(abs: string): void {
    // The trash and versions folders are of the temp family so walks skip them, but they are no leftovers.
    if (isKeptDirName(basename(abs))) return;
    this.seen.add(abs);
    if (this.drainQueued) return;
    this.drainQueued = true;
    // A walk reports from inside its slice: the removal runs after it, off the walk's turn of the event loop.
    setTimeout(() => {
      this.drainQueued = false;
      void this.sweep().catch(() => {});
    }, 0).unref?.();
  }

  /** Number of temp paths waiting to be old enough (or released). */
  get pending(): number {
    return this.seen.size;
  }

  /** Looks at every temp path seen: removes the stale ones nobody holds, forgets vanished ones; returns how many went. */
  sweep(): Promise<number> {
    if (this.running) return this.running.then(() => this.sweep());
    this.running = this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Sweeps every quarter of the maximum age (at most a minute); the timer never keeps the process alive. Returns a stop function. */
  startSweeper(onError: (err: unknown) => void): () => void {
    return startSweepTimer(this.options.maxAgeMs, () => this.sweep(), onError);
  }

  private async sweepOnce(): Promise<number> {
    let removed = 0;
    for (const abs of [...this.seen]) {
      if (this.options.inUse(abs)) continue;
      const st = await lstat(abs).catch(() => null);
      if (!st) {
        this.seen.delete(abs);
        continue;
      }
      if (!this.isStale(st.mtimeMs) || this.options.inUse(abs)) continue;
      await rm(abs, { recursive: true, force: true });
      this.seen.delete(abs);
      removed++;
    }
    return removed;
  }

  private isStale(mtimeMs: number): boolean {
    // No margin before the boot: this server's own temps are held (inUse) from before their first byte, and a server
    // restarted right after a kill (measured: 45 ms later) must still sweep what the killed one was writing.
    return mtimeMs < this.options.bootMs || mtimeMs < this.now() - this.options.maxAgeMs;
  }
}
