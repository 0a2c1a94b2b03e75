/** @module Periodic clean-up of the store while the server runs: expired share links and long-ended sessions. */
import type { Database } from "bun:sqlite";
import { purgeExpiredShares } from "./db/shares-table";
import { purgeSessions } from "./db/sessions-table";
import { SESSION_PURGE_GRACE_S } from "./constants";

/** How often (ms) expired share links and ended sessions are purged from the store. */
const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes links expired at `now` and sessions expired more than SESSION_PURGE_GRACE_S before it (Unix seconds).
 * Returns how many of each went.
 */
export function purgeExpired(db: Database, now = Math.floor(Date.now() / 1000)): { shares: number; sessions: number } {
  return { shares: purgeExpiredShares(db, now), sessions: purgeSessions(db, now - SESSION_PURGE_GRACE_S) };
}

/** Runs purgeExpired now and every MAINTENANCE_INTERVAL_MS; the timer never keeps the process alive. Returns a stop function. */
export function startMaintenance(db: Database): () => void {
  purgeExpired(db);
  const timer = setInterval(() => purgeExpired(db), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
