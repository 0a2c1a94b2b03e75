/**
 * @module Incomplete tus uploads: one per user and target file, each a temp file beside its target (hidden by
 * UPLOAD_TEMP_PREFIX). Each is one row of the store's `tus_uploads` table, so a restart keeps them resumable and a
 * creation writes one row (docs/security.md "Resumable uploads"); the ones untouched for the expiry time are
 * removed by a timer and at start. A user has at most a set number in progress, and the bytes still promised on a
 * file system never exceed its free space.
 */
import type { Database } from "bun:sqlite";
import { open, readFile, stat, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { tempPathBeside } from "../fs/upload";
import { startSweepTimer } from "../fs/sweep-timer";
import { PayloadTooLarge, TooManyRequests } from "../errors";
import type { Config } from "../config/flags";
import { deleteTusRow, insertTusRow, readTusRows, type TusRow } from "../db/tus-uploads-table";

/** tus: the file in the cache folder that remembers incomplete uploads across restarts. */
const TUS_JOURNAL_FILE = "tus-uploads.json";

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
  /** Device of the target's folder: uploads on one device share its free space. */
  dev: number;
  /** True while a request writes its body: a second writer is refused. */
  busy: boolean;
}

/**
 * What the store is built with: the expiry (ms), the chunk size the UI is told (bytes), the database holding the
 * rows (null: memory only), and the journal file of earlier versions, moved into the rows at load (null: none).
 */
export interface TusStoreOptions {
  expiryMs: number;
  chunkBytes: number;
  db: Database | null;
  legacyJournalPath: string | null;
  now?: () => number;
}

/** The limits a creation is checked against: uploads in progress per user, free bytes on the target's device. */
export interface TusCreateLimits {
  perUser: number;
  freeBytes: number;
  dev: number;
}

/**
 * The options at boot: the rows in `db`, the old journal in `cacheDir`; the expiry and the chunk size of `config`
 * (FBE_TUS_EXPIRY_MS and FBE_TUS_CHUNK_BYTES, for operators behind a proxy's body limit and for tests).
 */
export function tusStoreOptions(
  config: Pick<Config, "tusExpiryMs" | "tusChunkBytes">,
  cacheDir: string,
  db: Database | null,
): TusStoreOptions {
  return {
    expiryMs: config.tusExpiryMs,
    chunkBytes: config.tusChunkBytes,
    db,
    legacyJournalPath: join(cacheDir, TUS_JOURNAL_FILE),
  };
}

/** The incomplete uploads of this server; see the module comment. */
export class TusStore {
  private readonly uploads = new Map<string, TusUpload>();
  private readonly now: () => number;

  constructor(readonly options: TusStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Moves an old journal file into the rows, then reads the rows: uploads whose temp file is still there come
   * back with its size as offset; expired ones are removed.
   */
  async load(): Promise<void> {
    await this.adoptJournal();
    const { db } = this.options;
    if (!db) return;
    for (const row of readTusRows(db)) {
      const st = await stat(row.tmp).catch(() => null);
      if (!st) {
        deleteTusRow(db, row.userId, row.abs);
        continue;
      }
      // Rows are written on create, not on every chunk: the temp file's mtime tells the last write.
      const expiresAt = Math.max(row.expiresAt, st.mtimeMs + this.options.expiryMs);
      this.uploads.set(keyOf(row.userId, row.abs), {
        ...row,
        expiresAt,
        offset: Math.min(st.size, row.length),
        dev: st.dev,
        busy: false,
      });
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
   * Starts an upload of `length` bytes to `abs` (its folder must exist): an empty temp file beside it, made
   * through `dirPath` (the folder held open beneath the scope, fs/beneath.ts) when given. An
   * earlier incomplete upload of the same user to the same target is dropped (a new POST starts over). The
   * limits are checked and the upload counted in one synchronous step, so parallel creations cannot pass together.
   * @throws TooManyRequests (429) when the user has `limits.perUser` other uploads in progress; PayloadTooLarge
   *   (413) when `length` and the bytes other uploads on the device still expect exceed `limits.freeBytes`.
   */
  async create(
    init: { userId: number; abs: string; length: number; override: boolean; metadata: Record<string, string> },
    limits: TusCreateLimits,
    dirPath?: string,
  ): Promise<TusUpload> {
    const key = keyOf(init.userId, init.abs);
    const earlier = this.uploads.get(key);
    const others = [...this.uploads.values()].filter((u) => u !== earlier);
    if (others.filter((u) => u.userId === init.userId).length >= limits.perUser) {
      throw new TooManyRequests(`at most ${limits.perUser} resumable uploads in progress per user`);
    }
    const promised = others.reduce((sum, u) => (u.dev === limits.dev ? sum + u.length - u.offset : sum), 0);
    if (init.length + promised > limits.freeBytes) throw new PayloadTooLarge("not enough free space for this upload");
    const tmp = tempPathBeside(init.abs, "tus-");
    const up: TusUpload = {
      ...init,
      tmp,
      offset: 0,
      expiresAt: this.now() + this.options.expiryMs,
      dev: limits.dev,
      busy: false,
    };
    this.uploads.set(key, up);
    try {
      if (earlier) await unlink(earlier.tmp).catch(() => {});
      await (await open(dirPath ? join(dirPath, basename(tmp)) : tmp, "wx", 0o644)).close();
    } catch (err) {
      this.forget(up);
      throw err;
    }
    if (this.options.db) insertTusRow(this.options.db, up);
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
  }

  /** Forgets `up` without touching its temp file (it took its final name). */
  forget(up: TusUpload): void {
    if (this.uploads.get(keyOf(up.userId, up.abs)) !== up) return;
    this.uploads.delete(keyOf(up.userId, up.abs));
    if (this.options.db) deleteTusRow(this.options.db, up.userId, up.abs);
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

  /** Copies the uploads of an old journal file (earlier versions rewrote it whole on every creation) into rows, then deletes it. */
  private async adoptJournal(): Promise<void> {
    const { db, legacyJournalPath: path } = this.options;
    if (!db || !path) return;
    let saved: unknown;
    try {
      saved = JSON.parse(await readFile(path, "utf8"));
    } catch {
      return;
    }
    if (Array.isArray(saved)) for (const row of saved as TusRow[]) if (isJournalRow(row)) insertTusRow(db, row);
    await unlink(path).catch(() => {});
  }
}

function isJournalRow(r: Partial<TusRow> | null): r is TusRow {
  return (
    !!r &&
    Number.isSafeInteger(r.userId) &&
    typeof r.abs === "string" &&
    typeof r.tmp === "string" &&
    Number.isSafeInteger(r.length) &&
    typeof r.override === "boolean" &&
    !!r.metadata &&
    typeof r.metadata === "object" &&
    typeof r.expiresAt === "number"
  );
}

function keyOf(userId: number, abs: string): string {
  return `${userId}\u0000${abs}`;
}
