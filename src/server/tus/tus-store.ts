/**
 * @module Incomplete tus uploads: one per user and target file, each a temp file beside its target (hidden by
 * UPLOAD_TEMP_PREFIX). They are remembered in a small journal in the cache folder, so a restart keeps them
 * resumable; the ones untouched for the expiry time are removed by a timer and at start.
 */
import { open, readFile, rename, stat, unlink, writeFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { tempPathBeside } from "../fs/upload";
import { startSweepTimer } from "../fs/sweep-timer";
import { TUS_CHUNK_BYTES, TUS_EXPIRY_MS, TUS_JOURNAL_FILE, TUS_MAX_CHUNK_BYTES } from "../constants";

/** One incomplete upload. `offset` counts the bytes stored in `tmp`; times are ms since the epoch. */
export interface TusUpload {
  userId: number;
  /** Absolute path of the target file on disk. */
  abs: string;
  tmp: string;
  length: number;
  offset: number;
  override: boolean;
  metadata: Record<string, string>;
  expiresAt: number;
  /** True while a request writes its body: a second writer is refused. */
  busy: boolean;
}

/** What the store is built with: the expiry (ms), the chunk size the UI is told (bytes), where the journal lives (null: memory only). */
export interface TusStoreOptions {
  expiryMs: number;
  chunkBytes: number;
  journalPath: string | null;
  now?: () => number;
}

/**
 * The options at boot: the journal in `cacheDir`; the expiry TUS_EXPIRY_MS and the chunk size TUS_CHUNK_BYTES
 * unless `env` (process.env) sets FBE_TUS_EXPIRY_MS or FBE_TUS_CHUNK_BYTES (whole numbers above 0; chunks at
 * most TUS_MAX_CHUNK_BYTES), for operators behind a proxy's body limit and for tests.
 */
export function tusStoreOptions(env: Record<string, string | undefined>, cacheDir: string): TusStoreOptions {
  const whole = (raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const n = Number(raw);
    return Number.isSafeInteger(n) && n > 0 ? Math.min(n, max) : fallback;
  };
  return {
    expiryMs: whole(env.FBE_TUS_EXPIRY_MS, TUS_EXPIRY_MS),
    chunkBytes: whole(env.FBE_TUS_CHUNK_BYTES, TUS_CHUNK_BYTES, TUS_MAX_CHUNK_BYTES),
    journalPath: join(cacheDir, TUS_JOURNAL_FILE),
  };
}

type Saved = Omit<TusUpload, "busy" | "offset">;

/** The incomplete uploads of this server; see the module comment. */
export class TusStore {
  private readonly uploads = new Map<string, TusUpload>();
  private saving: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(readonly options: TusStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Reads the journal: uploads whose temp file is still there come back with its size as offset; expired ones are removed. */
  async load(): Promise<void> {
    if (!this.options.journalPath) return;
    let saved: Saved[] = [];
    try {
      saved = JSON.parse(await readFile(this.options.journalPath, "utf8"));
    } catch {
      return;
    }
    for (const s of saved) {
      const st = await stat(s.tmp).catch(() => null);
      if (!st) continue;
      // The journal is written on create, not on every chunk: the temp file's mtime tells the last write.
      const expiresAt = Math.max(s.expiresAt, st.mtimeMs + this.options.expiryMs);
      this.uploads.set(keyOf(s.userId, s.abs), { ...s, expiresAt, offset: Math.min(st.size, s.length), busy: false });
    }
    await this.sweep();
  }

  /** The live upload of `userId` to `abs`, or null (none, or expired: then it is removed now). */
  async get(userId: number, abs: string): Promise<TusUpload | null> {
    const up = this.uploads.get(keyOf(userId, abs)) ?? null;
    if (up && up.expiresAt <= this.now() && !up.busy) {
      await this.remove(up);
      return null;
    }
    return up;
  }

  /**
   * Starts an upload of `length` bytes to `abs` (its folder must exist): an empty temp file beside it. An
   * earlier incomplete upload of the same user to the same target is dropped (a new POST starts over).
   */
  async create(init: { userId: number; abs: string; length: number; override: boolean; metadata: Record<string, string> }): Promise<TusUpload> {
    const earlier = this.uploads.get(keyOf(init.userId, init.abs));
    if (earlier) await this.remove(earlier);
    const tmp = tempPathBeside(init.abs, "tus-");
    await (await open(tmp, "wx", 0o644)).close();
    const up: TusUpload = { ...init, tmp, offset: 0, expiresAt: this.now() + this.options.expiryMs, busy: false };
    this.uploads.set(keyOf(up.userId, up.abs), up);
    await this.save();
    return up;
  }

  /** Pushes the expiry of `up` back by the expiry time (called on every write to it). */
  touch(up: TusUpload): void {
    up.expiresAt = this.now() + this.options.expiryMs;
  }

  /** Forgets `up` and deletes its temp file (termination, expiry). */
  async remove(up: TusUpload): Promise<void> {
    this.forget(up);
    await unlink(up.tmp).catch(() => {});
    await this.save();
  }

  /** Forgets `up` without touching its temp file (it took its final name). */
  forget(up: TusUpload): void {
    if (this.uploads.get(keyOf(up.userId, up.abs)) === up) this.uploads.delete(keyOf(up.userId, up.abs));
    void this.save();
  }

  /** Removes every expired upload that no request is writing; returns how many went. */
  async sweep(): Promise<number> {
    const now = this.now();
    const expired = [...this.uploads.values()].filter((u) => u.expiresAt <= now && !u.busy);
    for (const up of expired) await this.remove(up);
    return expired.length;
  }

  /** Sweeps now and then every quarter of the expiry (at most TUS_SWEEP_MAX_MS); the timer never keeps the process alive. Returns a stop function. */
  startSweeper(onError: (err: unknown) => void): () => void {
    return startSweepTimer(this.options.expiryMs, () => this.sweep(), onError);
  }

  /** True when `tmp` is the temp file of an upload this store keeps (resumable, so the temp sweeper leaves it). */
  holds(tmp: string): boolean {
    for (const up of this.uploads.values()) if (up.tmp === tmp) return true;
    return false;
  }

  /** Number of incomplete uploads remembered. */
  get size(): number {
    return this.uploads.size;
  }

  /** Writes the journal (temp file + rename, one write at a time, last state wins). */
  private save(): Promise<void> {
    const path = this.options.journalPath;
    if (!path) return Promise.resolve();
    this.saving = this.saving.then(async () => {
      const rows: Saved[] = [...this.uploads.values()].map(({ busy: _b, offset: _o, ...rest }) => rest);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.tmp`, JSON.stringify(rows));
      await rename(`${path}.tmp`, path);
    }).catch(() => {});
    return this.saving;
  }
}

function keyOf(userId: number, abs: string): string {
  return `${userId}\u0000${abs}`;
}
