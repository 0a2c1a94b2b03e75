/**
 * @module Attempt limits kept in memory (sliding window log): at most `limit` attempts per key within
 * `windowMs`, else 429 with Retry-After. Used for logins and signups (per IP and per user name) and share
 * passwords (per link and IP), beside the stored failed-login ban of login-ban.ts, which stays as it is. One set
 * of windows per database, so each server (and each test app) counts on its own.
 */
import type { Database } from "bun:sqlite";
import { TooManyRequests } from "../errors";

/** Rate limits (auth/rate-limit.ts): past this many keys in memory, keys whose window is over are dropped. */
const RATE_LIMIT_SWEEP_KEYS = 10_000;

/** Times (ms) of the attempts still inside the window, per key. */
type Windows = Map<string, number[]>;

const windowsByDb = new WeakMap<Database, Windows>();

function windowsOf(db: Database): Windows {
  let w = windowsByDb.get(db);
  if (!w) {
    w = new Map();
    windowsByDb.set(db, w);
  }
  return w;
}

/** One limit: `limit` attempts (0 = no limit) per `windowMs` milliseconds. */
export interface Limit {
  limit: number;
  windowMs: number;
}

/** A taken attempt: `refund()` gives it back (a login that succeeded does not count against the limit). */
export interface Taken {
  refund(): void;
}

/** Drops every key whose newest attempt left the window, once the map has grown (bounded memory under a flood). */
function sweep(windows: Windows, windowMs: number, now: number): void {
  if (windows.size < RATE_LIMIT_SWEEP_KEYS) return;
  for (const [key, times] of windows) if ((times[times.length - 1] ?? 0) <= now - windowMs) windows.delete(key);
}

/**
 * Takes one attempt for each of `keys` under `limit` at `now` (ms), all or none.
 * @throws TooManyRequests (429, `detail`, Retry-After in seconds until the oldest attempt of the full window
 * leaves it) when any key has used up its window; nothing is taken then.
 */
export function takeAttempt(
  db: Database,
  keys: readonly string[],
  limit: Limit,
  detail: string,
  now = Date.now(),
): Taken {
  if (limit.limit <= 0) return { refund: () => {} };
  const windows = windowsOf(db);
  sweep(windows, limit.windowMs, now);
  const lists = keys.map((key) => {
    const kept = (windows.get(key) ?? []).filter((t) => t > now - limit.windowMs);
    windows.set(key, kept);
    return kept;
  });
  const full = lists.filter((list) => list.length >= limit.limit);
  if (full.length > 0) {
    const retryMs = Math.max(...full.map((list) => list[list.length - limit.limit]! + limit.windowMs - now));
    throw new TooManyRequests(detail, retryMs / 1000);
  }
  for (const list of lists) list.push(now);
  return {
    refund: () => {
      // The key's list as it is now: a later attempt on the same key may have replaced the one taken from.
      for (const key of keys) {
        const list = windows.get(key);
        const i = list ? list.indexOf(now) : -1;
        if (i >= 0) list!.splice(i, 1);
      }
    },
  };
}

/** Forgets every attempt whose key starts with `prefix` (an admin lifting a block). Returns how many keys went. */
export function clearAttempts(db: Database, prefix: string): number {
  const windows = windowsOf(db);
  let n = 0;
  for (const key of windows.keys()) {
    if (key.startsWith(prefix)) {
      windows.delete(key);
      n++;
    }
  }
  return n;
}
