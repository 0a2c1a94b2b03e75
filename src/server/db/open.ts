/** @module Opens the SQLite store with its pragmas and runs the migrations; opens the transfer threads' readers of it. */
import { Database } from "bun:sqlite";
import { chmodSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { followOtherConnections } from "./change-clock";
import { migrate } from "./migrations";

/**
 * Opens (creating when missing) the database at `path`, sets WAL, foreign keys and a busy timeout,
 * and applies pending migrations; the file is made 0600. Returns the open handle; the caller closes it on shutdown.
 */
export function openDatabase(path: string): Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  // Password hashes, sessions and the signing secret: readable by this account alone (SQLite gives the WAL and
  // shared-memory files the database file's mode).
  try {
    if (path !== ":memory:") chmodSync(path, 0o600);
  } catch {
    // a store owned by another account keeps the mode its owner gave it
  }
  // The busy timeout first: another process opening the same file at once (a second node, a CLI command) holds
  // the lock while it switches to WAL, and without the timeout this process would fail with SQLITE_BUSY.
  db.run("PRAGMA busy_timeout = 5000");
  db.run("PRAGMA journal_mode = WAL");
  db.run("PRAGMA foreign_keys = ON");
  db.run("PRAGMA synchronous = NORMAL");
  migrate(db);
  return db;
}

/**
 * Opens the store at `path` as the main thread set it up (WAL, migrated) for a connection that only reads (a
 * transfer thread): busy timeout and foreign keys set, and its caches told of commits by other connections
 * (change-clock.ts followOtherConnections). Throws SQLite's error when the file cannot be opened.
 */
export function openReaderDatabase(path: string): Database {
  const db = new Database(path, { strict: true });
  db.run("PRAGMA busy_timeout = 5000");
  db.run("PRAGMA foreign_keys = ON");
  followOtherConnections(db);
  return db;
}
