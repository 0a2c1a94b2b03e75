/**
 * @module The index database (its own SQLite file, WAL, incremental vacuum). Besides the snapshot tables
 * (snapshot-tables.ts) it holds the recent changes: entries written since the snapshot (path, lower-cased NFC name,
 * is-dir, size, mtime, type, change number) with an FTS5 trigram table over the names kept in step by triggers,
 * tombstones of paths removed or replaced since the snapshot, folder totals and meta values. Writes are synchronous
 * and batched in transactions by the callers.
 */
import { rmSync } from "node:fs";
import { Database, type Statement } from "bun:sqlite";
import { foldName } from "./snapshot-codec";
import { dropSnapshotTables } from "./snapshot-tables";
import type { FolderTotals, IndexEntry } from "./types";

/** Layout version in meta "format": a file of another layout is deleted and rebuilt. */
const FORMAT = "2";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, lname TEXT NOT NULL, is_dir INTEGER NOT NULL,
  size INTEGER NOT NULL, mtime INTEGER NOT NULL, type TEXT NOT NULL, gen INTEGER NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS names USING fts5(lname, content='entries', content_rowid='id', tokenize='trigram', detail='none', columnsize=0);
CREATE TRIGGER IF NOT EXISTS entries_ai AFTER INSERT ON entries BEGIN
  INSERT INTO names(rowid, lname) VALUES (new.id, new.lname); END;
CREATE TRIGGER IF NOT EXISTS entries_ad AFTER DELETE ON entries BEGIN
  INSERT INTO names(names, rowid, lname) VALUES ('delete', old.id, old.lname); END;
CREATE TRIGGER IF NOT EXISTS entries_au AFTER UPDATE OF lname ON entries BEGIN
  INSERT INTO names(names, rowid, lname) VALUES ('delete', old.id, old.lname);
  INSERT INTO names(rowid, lname) VALUES (new.id, new.lname); END;
CREATE TABLE IF NOT EXISTS totals (path TEXT PRIMARY KEY, size INTEGER NOT NULL, files INTEGER NOT NULL, dirs INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tombs (path TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
`;

/** Opens `file`, deleting it first when it holds another layout (or when `fresh`). */
function openFresh(file: string, fresh: boolean): Database {
  let db = new Database(file, { create: true });
  let format: string | null = null;
  try {
    format =
      (db.prepare("SELECT value FROM meta WHERE key = 'format'").get() as { value: string } | null)?.value ?? null;
  } catch {
    format = null;
  }
  const empty = (db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number }).n === 0;
  if (fresh || (!empty && format !== FORMAT)) {
    db.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    db = new Database(file, { create: true });
  }
  // Set before the first table: a dropped snapshot then gives its pages back to the file system.
  db.run("PRAGMA auto_vacuum = INCREMENTAL");
  return db;
}

/** The upper bound of the paths strictly below folder `p` in byte order ("/a" -> "/a0", "/" + 1 = "0"). */
export function belowRange(p: string): [string, string] {
  const base = p === "/" ? "" : p;
  return [`${base}/`, `${base}0`];
}

/** The index database and its prepared statements. */
export class IndexStore {
  readonly db: Database;
  private readonly upsertStmt: Statement;
  private readonly entryStmt: Statement;
  private readonly totalsStmt: Statement;

  /** Opens (creating) the index database at `file`; `fromScratch` drops every entry first. */
  constructor(file: string, fromScratch = false) {
    this.db = openFresh(file, fromScratch);
    this.db.run("PRAGMA journal_mode = WAL");
    this.db.run("PRAGMA synchronous = NORMAL");
    this.db.run("PRAGMA busy_timeout = 5000");
    this.reset(false);
    this.setMeta("format", FORMAT);
    this.upsertStmt = this.db.prepare(
      `INSERT INTO entries (path, lname, is_dir, size, mtime, type, gen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT(path) DO UPDATE SET lname = excluded.lname, is_dir = excluded.is_dir, size = excluded.size,
       mtime = excluded.mtime, type = excluded.type, gen = excluded.gen`,
    );
    this.entryStmt = this.db.prepare("SELECT is_dir, size FROM entries WHERE path = ?");
    this.totalsStmt = this.db.prepare("SELECT size, files, dirs FROM totals WHERE path = ?");
  }

  /** Creates the tables; `drop` first drops everything but meta, the snapshot included. */
  reset(drop = true): void {
    if (drop) {
      this.db.run(
        "DROP TABLE IF EXISTS names; DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS totals; DROP TABLE IF EXISTS tombs;",
      );
      dropSnapshotTables(this.db, "");
      dropSnapshotTables(this.db, "_next");
    }
    this.db.run(SCHEMA);
  }

  /** Inserts or updates one recent entry with change number `seq`. */
  upsert(e: IndexEntry, seq: number): void {
    this.upsertStmt.run(e.path, foldName(e.name), e.isDir ? 1 : 0, e.size, e.mtimeMs, e.type, seq);
  }

  /** Records that the snapshot's `path` and everything below it are gone or replaced (change number `seq`). */
  tomb(path: string, seq: number): void {
    this.db.prepare("INSERT OR REPLACE INTO tombs (path, seq) VALUES (?, ?)").run(path, seq);
  }

  /** Every tombstone path. */
  tombs(): string[] {
    return (this.db.prepare("SELECT path FROM tombs").all() as { path: string }[]).map((r) => r.path);
  }

  /** The highest change number recorded (0 when none). */
  lastSeq(): number {
    const r = this.db
      .prepare(
        "SELECT max(coalesce((SELECT max(gen) FROM entries), 0), coalesce((SELECT max(seq) FROM tombs), 0)) AS n",
      )
      .get() as { n: number };
    return r.n;
  }

  /** The stored kind and size of `path`, null when absent. */
  entry(path: string): { isDir: boolean; size: number } | null {
    const r = this.entryStmt.get(path) as { is_dir: number; size: number } | null;
    return r ? { isDir: r.is_dir === 1, size: r.size } : null;
  }

  /** Removes `path` and everything below it (entries and totals). */
  removeTree(path: string): void {
    const [lo, hi] = belowRange(path);
    this.db.prepare("DELETE FROM entries WHERE path = ?1 OR (path >= ?2 AND path < ?3)").run(path, lo, hi);
    this.db.prepare("DELETE FROM totals WHERE path = ?1 OR (path >= ?2 AND path < ?3)").run(path, lo, hi);
  }

  /** Forgets the recent entries and tombstones up to change `seq` (a snapshot built after them holds them). */
  forgetUpTo(seq: number): void {
    this.db.prepare("DELETE FROM entries WHERE gen <= ?").run(seq);
    this.db.prepare("DELETE FROM tombs WHERE seq <= ?").run(seq);
  }

  /** Totals of folder `path`, null when unknown. */
  totals(path: string): FolderTotals | null {
    const r = this.totalsStmt.get(path) as { size: number; files: number; dirs: number } | null;
    return r ? { size: r.size, numFiles: r.files, numDirs: r.dirs } : null;
  }

  /** Sets the totals of each folder of `map` (replacing all totals first when `replaceAll`). */
  setTotals(map: ReadonlyMap<string, FolderTotals>, replaceAll: boolean): void {
    const put = this.db.prepare("INSERT OR REPLACE INTO totals (path, size, files, dirs) VALUES (?, ?, ?, ?)");
    this.db.transaction(() => {
      if (replaceAll) this.db.run("DELETE FROM totals");
      for (const [p, t] of map) put.run(p, t.size, t.numFiles, t.numDirs);
    })();
  }

  /** Adds a delta to the totals of every folder from the parent of `path` up to the root. */
  addToAncestors(path: string, d: FolderTotals): void {
    const add = this.db.prepare("UPDATE totals SET size = size + ?, files = files + ?, dirs = dirs + ? WHERE path = ?");
    let p = path;
    while (p !== "/") {
      p = p.slice(0, p.lastIndexOf("/")) || "/";
      add.run(d.size, d.numFiles, d.numDirs, p);
    }
  }

  /** A value of the meta table, or null. */
  meta(key: string): string | null {
    const r = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | null;
    return r?.value ?? null;
  }

  /** Sets a value of the meta table. */
  setMeta(key: string, value: string): void {
    this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(key, value);
  }

  /** Closes the database. */
  close(): void {
    this.db.close();
  }
}
