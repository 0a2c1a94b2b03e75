/**
 * @module A version of the store that caches compare against: it moves on every write made through this
 * process's table modules, and on commits by other connections (the `fbe users` CLI run while the server is up),
 * which SQLite reports through `PRAGMA data_version` (https://sqlite.org/pragma.html#pragma_data_version).
 * Listeners hear of this process's writes (a logout, a user edit) right after the write's synchronous turn.
 */
import type { Database } from "bun:sqlite";
import { EXTERNAL_CHANGE_POLL_MS } from "../constants";

interface Clock {
  local: number;
  external: number;
  checkedAt: number;
  listeners: Set<() => void>;
  /** A call of the listeners is queued for the end of the current turn. */
  notifying: boolean;
  /** How long a looked-up `data_version` is trusted (ms). */
  pollMs: number;
}

const clocks = new WeakMap<Database, Clock>();

function clockOf(db: Database): Clock {
  let c = clocks.get(db);
  if (!c) {
    c = {
      local: 0,
      external: 0,
      checkedAt: -Infinity,
      listeners: new Set(),
      notifying: false,
      pollMs: EXTERNAL_CHANGE_POLL_MS,
    };
    clocks.set(db, c);
  }
  return c;
}

/** Records a write made through this process (call after users, sessions or other cached tables change). */
export function noteWrite(db: Database): void {
  const c = clockOf(db);
  c.local++;
  if (c.listeners.size === 0 || c.notifying) return;
  // Once per turn, after it: a transaction's writes are committed and the writer's own code is not re-entered.
  c.notifying = true;
  queueMicrotask(() => {
    c.notifying = false;
    for (const listener of [...c.listeners]) listener();
  });
}

/**
 * Calls `listener` after writes made through this process (several writes of one synchronous turn: one call).
 * The listener must not throw. Returns the function that stops the calls.
 */
export function onLocalWrite(db: Database, listener: () => void): () => void {
  const c = clockOf(db);
  c.listeners.add(listener);
  return () => c.listeners.delete(listener);
}

/**
 * Makes every storeVersion call on `db` look up other connections' commits: for a connection that never
 * writes while another one in the same process does (a transfer thread's store beside the main thread's),
 * so a logout or a new session counts at once, at the cost of one `PRAGMA data_version` per call.
 */
export function followOtherConnections(db: Database): void {
  clockOf(db).pollMs = 0;
}

/**
 * The current version as an opaque string. Other connections' commits are looked up at most once every
 * EXTERNAL_CHANGE_POLL_MS (`nowMs` in milliseconds), so the common call costs no query.
 */
export function storeVersion(db: Database, nowMs = Date.now()): string {
  const c = clockOf(db);
  if (nowMs - c.checkedAt >= c.pollMs) {
    c.checkedAt = nowMs;
    c.external = (db.query("PRAGMA data_version").get() as { data_version: number }).data_version;
  }
  return `${c.local}.${c.external}`;
}
