/**
 * @module Tables of the index snapshot, made per build with a suffix ("_next") and renamed into place in one
 * transaction when the build is done, so queries read the previous snapshot until then.
 */
import type { Database } from "bun:sqlite";

const TABLES = ["snap_dirs", "snap_blocks", "snap_grams", "snap_exact"] as const;

/** Creates the four snapshot tables with `suffix` ("" for the live ones), dropping stale ones of that suffix first. */
export function createSnapshotTables(db: Database, suffix: string): void {
  dropSnapshotTables(db, suffix);
  db.run(`CREATE TABLE snap_dirs${suffix} (id INTEGER PRIMARY KEY, path TEXT NOT NULL);
    CREATE TABLE snap_blocks${suffix} (id INTEGER PRIMARY KEY, data BLOB NOT NULL);
    CREATE TABLE snap_grams${suffix} (gram TEXT PRIMARY KEY, list BLOB NOT NULL);
    CREATE TABLE snap_exact${suffix} (bucket INTEGER PRIMARY KEY, list BLOB NOT NULL);`);
}

/** Drops the snapshot tables with `suffix`, when they exist. */
export function dropSnapshotTables(db: Database, suffix: string): void {
  for (const t of TABLES) db.run(`DROP TABLE IF EXISTS ${t}${suffix}`);
}

/** Replaces the live snapshot tables by the `_next` ones; call inside a transaction. */
export function promoteNextTables(db: Database): void {
  dropSnapshotTables(db, "");
  for (const t of TABLES) db.run(`ALTER TABLE ${t}_next RENAME TO ${t}`);
}

/** True when live snapshot tables exist. */
export function hasSnapshot(db: Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snap_blocks'").get() !== null;
}
