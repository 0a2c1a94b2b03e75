/** @module Key/value rows of the settings table (JSON values). */
import type { Database } from "bun:sqlite";
import { noteWrite } from "./change-clock";

/** Reads one JSON value, or undefined when the key is absent. */
export function getSetting<T>(db: Database, key: string): T | undefined {
  const row = db.query("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | null;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** Writes one JSON value (insert or replace); caches keyed by the store's version (change-clock.ts) see it at once. */
export function putSetting(db: Database, key: string, value: unknown): void {
  db.query("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
    key,
    JSON.stringify(value),
  );
  noteWrite(db);
}
