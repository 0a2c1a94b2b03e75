/**
 * @module The pool of HLS encoders: at most one ffmpeg per (file, quality) encoding forward from a start segment,
 * finished segments renamed into the cache as the encoder produces them, a new encoder where a request lands far
 * from the running one (a seek), idle encoders stopped, and a global bound on running encoders.
 */
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { buildHlsArgs, runHlsEncoder } from "../tools/ffmpeg-hls";
import type { MediaInput } from "../tools/ffmpeg";
import type { ScopedFile } from "../tools/tool-input";
import { ToolAborted } from "../tools/run-tool";
import { SEGMENT_PATTERN, segmentNumberOf, segmentPath, workDirName } from "./segment-cache";
import { ServiceUnavailable } from "../errors";
import { nextWake, type WakeSet } from "./wake";

/** One (file, quality) to encode. */
export interface EncodeJob {
  /** Identifies the (file, quality): the source key and the res value. */
  key: string;
  /** The quality folder the finished segments go to (segment-cache.ts qualityDir). */
  dir: string;
  /** The source file, opened beneath its scope and inherited by the encoder (tool-input.ts). */
  file: ScopedFile;
  /** How the encoder names it (`/proc/self/fd/3`) and the demuxer its probe found. */
  input: MediaInput;
  videoStream: number;
  encoder: string;
  height: number;
  mbps: number;
  segmentCount: number;
}

/** Settings of the pool (hls-options.ts reads them once at boot). */
export interface EncoderPoolOptions {
  segmentS: number;
  idleMs: number;
  maxEncoders: number;
  lookaheadSegments: number;
  /** A request gives up waiting for its segment after this long (ms). */
  waitMs: number;
  logError: (line: string) => void;
}

/** Live counts, for the debug header and tests. */
export interface EncoderCounts {
  running: number;
  peak: number;
  /** ffmpeg runs started since boot. */
  started: number;
  max: number;
}

interface Encoder {
  job: EncodeJob;
  start: number;
  /** The next segment this encoder will finish. */
  next: number;
  lastAskMs: number;
  ended: boolean;
  failure?: Error;
  controller: AbortController;
  done: Promise<void>;
  wake: WakeSet;
  /** Requests waiting on this encoder now. */
  waiting: number;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
/** A request re-plans (start or join an encoder) at most this often before giving up: two seeks fighting. */
const MAX_PLANS = 4;

export class EncoderPool {
  private readonly encoders = new Map<string, Encoder>();
  private readonly counts = { running: 0, peak: 0, started: 0 };
  private lock: Promise<unknown> = Promise.resolve();
  private idleTimer: ReturnType<typeof setInterval> | undefined;
  private nextId = 0;
  /** Woken at any encoder's finished segment or end (a request waiting for a free encoder). */
  private readonly anyWake: WakeSet = new Set();

  constructor(private readonly o: EncoderPoolOptions) {}

  /** Running encoders now, the most at once since boot, runs started since boot, and the bound. */
  stats(): EncoderCounts {
    return { ...this.counts, max: this.o.maxEncoders };
  }

  /** The source keys (the part of a job key before "/") with a running encoder: their cache folders are in use. */
  busySources(): Set<string> {
    return new Set([...this.encoders.keys()].map((k) => k.split("/")[0]!));
  }

  /**
   * The path of segment `n` of `job` in the cache, encoded first when missing: joins the running encoder of the
   * (file, quality) when it will reach `n` soon, else starts one at `n` (stopping the old one).
   * @throws ServiceUnavailable (503) when it does not arrive within waitMs; the encoder's error when ffmpeg fails.
   */
  async segment(job: EncodeJob, n: number): Promise<string> {
    const path = segmentPath(job.dir, n);
    const deadline = Date.now() + this.o.waitMs;
    for (let plan = 0; plan < MAX_PLANS; plan++) {
      const current = this.encoders.get(job.key);
      if (current) current.lastAskMs = Date.now();
      if (await exists(path)) return path;
      // encoderFor counts this request as waiting before the lock is released, so no other request stops it meanwhile.
      const enc = await this.serialized(() => this.encoderFor(job, n, deadline));
      try {
        while (!enc.ended && enc.next <= n && Date.now() < deadline) await nextWake(enc.wake, deadline - Date.now());
      } finally {
        enc.waiting--;
        // Idle time counts from the last answer, not from when a slow one was asked.
        enc.lastAskMs = Date.now();
      }
      if (await exists(path)) return path;
      if (Date.now() >= deadline) break;
      // Ended without it: failed, or stopped for another request's seek (then plan again).
      if (enc.failure && !(enc.failure instanceof ToolAborted)) throw enc.failure;
    }
    throw new ServiceUnavailable("the segment was not encoded in time");
  }

  /** Stops every encoder and resolves once their processes are gone (server shutdown). */
  async stopAll(): Promise<void> {
    const all = [...this.encoders.values()];
    for (const enc of all) enc.controller.abort();
    await Promise.all(all.map((e) => e.done));
    clearInterval(this.idleTimer);
    this.idleTimer = undefined;
  }

  /** Runs `fn` after every earlier decision, so two requests never start encoders for the same thing at once. */
  private serialized<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /**
   * The encoder that will produce segment `n`: the running one when `n` lies just ahead of it, else a new one. At
   * the bound, the encoder asked least recently among those nobody waits on gives way; when every one has a
   * waiting request, this waits until one delivers.
   * @throws ServiceUnavailable (503) when no encoder frees up before `deadline`.
   */
  private async encoderFor(job: EncodeJob, n: number, deadline: number): Promise<Encoder> {
    const cur = this.encoders.get(job.key);
    // Segments before `next` are already in the cache: one missing there (removed meanwhile) needs a new run.
    if (cur && !cur.ended && n >= cur.next && n <= cur.next + this.o.lookaheadSegments) {
      cur.waiting++;
      return cur;
    }
    if (cur) await this.stop(cur);
    while (this.counts.running >= this.o.maxEncoders) {
      const idle = [...this.encoders.values()]
        .filter((e) => e.waiting === 0)
        .sort((a, b) => a.lastAskMs - b.lastAskMs)[0];
      if (idle) await this.stop(idle);
      else if (Date.now() < deadline) await nextWake(this.anyWake, deadline - Date.now());
      else throw new ServiceUnavailable("every video encoder is busy");
    }
    const enc = this.launch(job, n);
    enc.waiting++;
    return enc;
  }

  private async stop(enc: Encoder): Promise<void> {
    enc.controller.abort();
    await enc.done;
  }

  private launch(job: EncodeJob, start: number): Encoder {
    const enc: Encoder = {
      job,
      start,
      next: start,
      lastAskMs: Date.now(),
      ended: false,
      controller: new AbortController(),
      done: Promise.resolve(),
      wake: new Set(),
      waiting: 0,
    };
    this.encoders.set(job.key, enc);
    this.counts.running++;
    this.counts.started++;
    this.counts.peak = Math.max(this.counts.peak, this.counts.running);
    enc.done = this.run(enc).finally(() => {
      enc.ended = true;
      this.counts.running--;
      if (this.encoders.get(job.key) === enc) this.encoders.delete(job.key);
      this.notify(enc);
    });
    this.watchIdle();
    return enc;
  }

  /** One ffmpeg run in a private work folder; each finished segment is renamed into the quality folder in order. */
  private async run(enc: Encoder): Promise<void> {
    const { job } = enc;
    const work = join(job.dir, workDirName(this.nextId++));
    let moves: Promise<void> = Promise.resolve();
    const finished = (name: string) => {
      const n = segmentNumberOf(name);
      if (n === null) return;
      moves = moves.then(async () => {
        await rename(join(work, name), segmentPath(job.dir, n));
        enc.next = n + 1;
        this.notify(enc);
      });
    };
    try {
      await mkdir(work, { recursive: true });
      const args = buildHlsArgs({
        input: job.input,
        videoStream: job.videoStream,
        encoder: job.encoder,
        height: job.height,
        mbps: job.mbps,
        startSegment: enc.start,
        segmentCount: job.segmentCount,
        segmentS: this.o.segmentS,
        outDir: work,
        pattern: SEGMENT_PATTERN,
      });
      await runHlsEncoder({ args, input: job.file, signal: enc.controller.signal, onSegment: finished });
      await moves;
    } catch (err) {
      await moves.catch(() => undefined);
      enc.failure = err as Error;
      if (!(err instanceof ToolAborted))
        this.o.logError(`HLS encoder of ${job.file.abs} (${job.key}) failed: ${(err as Error).message}`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private notify(enc: Encoder): void {
    for (const w of [...enc.wake, ...this.anyWake]) w();
  }

  /** Checks now and then for encoders nobody asked anything of for idleMs, and stops them. */
  private watchIdle(): void {
    if (this.idleTimer) return;
    this.idleTimer = setInterval(
      () => {
        const now = Date.now();
        // An encoder someone waits on is busy, however long its segment takes (a slow machine, a big seek).
        for (const enc of this.encoders.values())
          if (enc.waiting === 0 && now - enc.lastAskMs > this.o.idleMs) enc.controller.abort();
        if (this.encoders.size === 0) {
          clearInterval(this.idleTimer);
          this.idleTimer = undefined;
        }
      },
      Math.max(100, Math.min(5_000, this.o.idleMs / 4)),
    );
    this.idleTimer.unref?.();
  }
}
