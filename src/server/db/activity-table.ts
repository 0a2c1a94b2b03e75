/**
 * @module Rows of the activity table (migration 13): the append-only log of changes, logins and tasks (docs/product.md
 * "Activity log"). Paths are from the files root; times are ms since the epoch.
 */
import type { Database } from "bun:sqlite";

/** A logged entry as stored. */
export interface ActivityRow {
  id: number;
  at: number;
  /** The acting user's id; null for the server itself or a visitor. */
  userId: number | null;
  /** The user's name when logged (kept after the user is deleted). */
  username: string;
  /** The share link's hash for a visitor's change, "" otherwise. */
  share: string;
  ip: string;
  via: string;
  action: string;
  /** From the files root; "" for entries about no item. */
  path: string;
  /** A move's or copy's destination from the files root, "" otherwise. */
  pathTo: string;
  bytes: number | null;
  result: string;
}

interface Row {
  id: number;
  at: number;
  user_id: number | null;
  username: string;
  share: string;
  ip: string;
  via: string;
  action: string;
  path: string;
  path_to: string;
  bytes: number | null;
  result: string;
}

const COLUMNS = "id, at, user_id, username, share, ip, via, action, path, path_to, bytes, result";

const toActivity = (r: Row): ActivityRow => ({
  id: r.id,
  at: r.at,
  userId: r.user_id,
  username: r.username,
  share: r.share,
  ip: r.ip,
  via: r.via,
  action: r.action,
  path: r.path,
  pathTo: r.path_to,
  bytes: r.bytes,
  result: r.result,
});

/** Appends `rows` (their ids are given by the store) in one transaction. */
export function insertActivity(db: Database, rows: readonly Omit<ActivityRow, "id">[]): void {
  const insert = db.query(
    "INSERT INTO activity (at, user_id, username, share, ip, via, action, path, path_to, bytes, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const r of rows)
      insert.run(r.at, r.userId, r.username, r.share, r.ip, r.via, r.action, r.path, r.pathTo, r.bytes, r.result);
  })();
}

/** Which entries a query takes; every field narrows it. */
export interface ActivityFilter {
  /** Only ids below this (the page cursor). */
  before?: number;
  userId?: number;
  action?: string;
  /** Entries whose path or destination is this files-root path or below it. */
  pathPrefix?: string;
  /** Also entries about no item, but only this user's (a non-admin's logins). */
  ownWithoutPath?: number;
  /** From and to (ms since the epoch, inclusive). */
  from?: number;
  to?: number;
}

/** `LIKE` text matching everything below the folder `prefix` ("/a" → "/a/%"), its wildcards escaped. */
function below(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}/%`;
}

/** Up to `limit` entries of `f`, newest first. */
export function queryActivity(db: Database, f: ActivityFilter, limit: number): ActivityRow[] {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.before !== undefined) where.push("id < ?"), args.push(f.before);
  if (f.userId !== undefined) where.push("user_id = ?"), args.push(f.userId);
  if (f.action !== undefined) where.push("action = ?"), args.push(f.action);
  if (f.from !== undefined) where.push("at >= ?"), args.push(f.from);
  if (f.to !== undefined) where.push("at <= ?"), args.push(f.to);
  if (f.pathPrefix !== undefined) {
    const inside =
      f.pathPrefix === "" || f.pathPrefix === "/"
        ? "path <> ''"
        : "(path = ? OR path LIKE ? ESCAPE '\\' OR path_to = ? OR path_to LIKE ? ESCAPE '\\')";
    if (f.pathPrefix !== "" && f.pathPrefix !== "/")
      args.push(f.pathPrefix, below(f.pathPrefix), f.pathPrefix, below(f.pathPrefix));
    if (f.ownWithoutPath !== undefined) {
      where.push(`(${inside} OR (path = '' AND user_id = ?))`);
      args.push(f.ownWithoutPath);
    } else where.push(inside);
  }
  const sql = `SELECT ${COLUMNS} FROM activity${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`;
  return (db.query(sql).all(...args, limit) as Row[]).map(toActivity);
}

/** Deletes the entries older than `beforeMs`; returns how many went. */
export function purgeActivityBefore(db: Database, beforeMs: number): number {
  return db.query("DELETE FROM activity WHERE at < ?").run(beforeMs).changes;
}
