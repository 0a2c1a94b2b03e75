/**
 * @module The activity log's writer (docs/ARCHITECTURE.md "Activity log"): entries are queued in memory and written
 * in batches, one transaction each, off the request path; close() writes what is queued, so a clean shutdown loses
 * no entry. A timer deletes the entries past their retention days.
 */
import type { Database } from "bun:sqlite";
import { insertActivity, purgeActivityBefore, type ActivityRow } from "../db/activity-table";
import type { Clock } from "../deps";

/** How long an entry waits in the queue at most before its batch is written (ms). */
const FLUSH_DELAY_MS = 200;
/** A queue this long is written at once. */
const FLUSH_ROWS = 500;
const DAY_MS = 86_400_000;

/** An entry to log; `at` defaults to the clock's now. */
export type ActivityInput = Omit<ActivityRow, "id" | "at" | "username" | "share" | "ip" | "pathTo" | "bytes"> &
  Partial<Pick<ActivityRow, "at" | "username" | "share" | "ip" | "pathTo" | "bytes">>;

/** What an ActivityLog is built with. */
export interface ActivityLogOptions {
  db: Database;
  clock: Clock;
  /** Days an entry is kept (the setting, read at each purge). */
  retentionDays: () => number;
  log: (line: string) => void;
}

/** The activity log of one server; see the module comment. */
export class ActivityLog {
  private queue: Omit<ActivityRow, "id">[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Entries written so far (the load bench reads it). */
  written = 0;

  constructor(private readonly o: ActivityLogOptions) {}

  /** Queues one entry; it is written within FLUSH_DELAY_MS. After close() it is written at once. */
  record(e: ActivityInput): void {
    this.queue.push({
      at: e.at ?? this.o.clock.now(),
      userId: e.userId,
      username: e.username ?? "",
      share: e.share ?? "",
      ip: e.ip ?? "",
      via: e.via,
      action: e.action,
      path: e.path,
      pathTo: e.pathTo ?? "",
      bytes: e.bytes ?? null,
      result: e.result,
    });
    if (this.closed || this.queue.length >= FLUSH_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  /** Writes every queued entry now, in one transaction. A failed write is logged and its entries kept for the next. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    try {
      insertActivity(this.o.db, batch);
      this.written += batch.length;
    } catch (err) {
      this.queue = batch.concat(this.queue);
      this.o.log(`activity log: ${batch.length} entries wait: ${String(err)}`);
    }
  }

  /** Deletes the entries past the retention days; returns how many went. */
  purge(): number {
    return purgeActivityBefore(this.o.db, this.o.clock.now() - this.o.retentionDays() * DAY_MS);
  }

  /** Writes what is queued; later entries are written one batch each, at once (the store closes after). */
  close(): void {
    this.flush();
    this.closed = true;
  }
}
