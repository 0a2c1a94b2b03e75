/**
 * @module A version of the store that caches compare against: it moves on every write made through this
 * process's table modules, and on commits by other connections (the `fbe users` CLI run while the server is up),
 * which SQLite reports through `PRAGMA data_version` (https://sqlite.org/pragma.html#pragma_data_version).
 */
import type { Database } from "bun:sqlite";
import { EXTERNAL_CHANGE_POLL_MS } from "../constants";

interface Clock {
  local: number;
  external: number;
  checkedAt: number;
}

const clocks = new WeakMap<Database, Clock>();

function clockOf(db: Database): Clock {
  let c = clocks.get(db);
  if (!c) {
    c = { local: 0, external: 0, checkedAt: -Infinity };
    clocks.set(db, c);
  }
  return c;
}

/** Records a write made through this process (call after users, sessions or other cached tables change). */
export function noteWrite(db: Database): void {
  clockOf(db).local++;
}

/**
 * The current version as an opaque string. Other connections' commits are looked up at most once every
 * EXTERNAL_CHANGE_POLL_MS (`nowMs` in milliseconds), so the common call costs no query.
 */
export function storeVersion(db: Database, nowMs = Date.now()): string {
  const c = clockOf(db);
  if (nowMs - c.checkedAt >= EXTERNAL_CHANGE_POLL_MS) {
    c.checkedAt = nowMs;
    c.external = (db.query("PRAGMA data_version").get() as { data_version: number }).data_version;
  }
  return `${c.local}.${c.external}`;
}
